package dev.infergate.report.html;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * The decision block of the page's data (docs/report.md, "Decision"), as {@link DecisionBlock} builds it from
 * acceptance.json. Components are written in declaration order under their JSON names; a null is written as
 * null (the page tells "not measured" from "absent"), except {@code capacity}, which is left out without a
 * capacity step. Strings may come from a server: the page inserts them as text only.
 */
record Decision(List<Audience> audiences, @JsonInclude(JsonInclude.Include.NON_NULL) Capacity capacity,
        @JsonProperty("longest_wait") List<Wait> longestWait, List<ConditionDifferences> differences) {

    /** One audience's verdict and reason; {@code criteria} is the count of its criteria, null for {@code all}. */
    record Audience(String name, String label, String verdict, String reason, Integer criteria, String href,
            @JsonProperty("not_passed") NotPassed notPassed) {}

    /** The criteria that did not pass: how many, and the first few (failures first). */
    record NotPassed(int count, List<Criterion> shown) {}

    /** A criterion that did not pass: its relative change {@code delta} and interval {@code ci}, and its anchor. */
    record Criterion(String criterion, String condition, String verdict, Double delta, List<Double> ci, String href) {}

    /**
     * The candidate's capacity minus the baseline's in requests/hour, its interval, whether the interval
     * excludes zero, each side's capacity in requests/hour and the SLO's attainment target (a fraction);
     * {@code curves}, the two attainment curves compared, absent when acceptance.json has none.
     */
    record Capacity(@JsonProperty("requests_per_hour") Double requestsPerHour, List<Double> interval,
            @JsonProperty("excludes_zero") Boolean excludesZero, @JsonProperty("per_side") Map<String, Double> perSide,
            @JsonProperty("attainment_target") Double attainmentTarget, String href,
            @JsonInclude(JsonInclude.Include.NON_NULL) Curves curves) {}

    /**
     * The curves compared (docs/acceptance.md, "Comparing the curves"): the difference in requests/hour where they
     * cross the target, its interval and whether it excludes zero, and the attainment difference at each rate both
     * sides probed.
     */
    record Curves(@JsonProperty("requests_per_hour") Double requestsPerHour, List<Double> interval,
            @JsonProperty("excludes_zero") Boolean excludesZero, List<RatePoint> points) {}

    /** At one offered rate (req/s): the candidate's attainment minus the baseline's (a fraction) and its interval. */
    record RatePoint(@JsonProperty("offered_rps") Double offeredRps, Double difference, List<Double> ci,
            @JsonProperty("excludes_zero") Boolean excludesZero) {}

    /** A side's longest wait: p99 of E2E and TTFT from the scheduled time, in milliseconds, over {@code count} requests. */
    record Wait(String side, @JsonProperty("e2e_p99_ms") Double e2eP99Ms, @JsonProperty("ttft_p99_ms") Double ttftP99Ms,
            Long count, String where, String href) {}

    /** One condition's verdict and the changes of the statistics in {@link DecisionBlock#DIFFERENCES}, by statistic. */
    record ConditionDifferences(String condition, String verdict, String href, Map<String, Difference> figures) {}

    /** A relative change with its interval, under the page's short name for the statistic. */
    record Difference(String label, Double delta, List<Double> ci) {}
}
