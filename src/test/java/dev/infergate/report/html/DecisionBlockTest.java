package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.report.html.Decision.Audience;
import dev.infergate.report.html.Decision.Criterion;
import dev.infergate.report.html.Decision.Difference;
import dev.infergate.report.html.Decision.NotPassed;
import dev.infergate.report.html.Decision.Wait;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The decision block read from a recorded acceptance.json (src/test/resources/dev/infergate/golden/accept-small). */
class DecisionBlockTest {
    static final Path RECORDED = Path.of("src/test/resources/dev/infergate/golden/accept-small");

    /** The recorded acceptance.json as a map, for tests to edit (the block itself reads it as a tree). */
    static Map<String, Object> recorded() {
        JsonNode tree = ReportInputs.readObject(RECORDED, ReportInputs.ACCEPTANCE_FILE, new ArrayList<>());
        return ReportInputs.JSON.convertValue(tree, new TypeReference<LinkedHashMap<String, Object>>() {});
    }

    private static Decision block(Map<String, Object> acceptance) {
        JsonNode tree = ReportInputs.JSON.valueToTree(acceptance);
        return DecisionBlock.of(tree);
    }

    @Test
    void acceptanceWithoutAudiences_isOneAudienceNamedAll_withTheTopLevelVerdictAndReason() {
        List<Audience> audiences = block(recorded()).audiences();

        assertThat(audiences).hasSize(1);
        Audience all = audiences.get(0);
        assertThat(all.name()).isEqualTo("all");
        assertThat(all.verdict()).isEqualTo("inconclusive");
        assertThat(all.reason()).startsWith("+0 requests/hour [-43,200, +43,200]");
        assertThat(all.href()).isEqualTo("#acceptance");
        assertThat(all.criteria()).isNull();
    }

    @Test
    void theFallbackAudience_listsTheCriteriaThatDidNotPass_withConditionChangeAndCell() {
        NotPassed notPassed = block(recorded()).audiences().get(0).notPassed();

        assertThat(notPassed.count()).isEqualTo(2);
        assertThat(notPassed.shown().get(0)).isEqualTo(new Criterion("ttft.p50 max_regression 25%", "short-chat/fresh/typical",
                "inconclusive", 0.243443, List.of(-0.19415, 0.621866), "#cell-0"));
    }

    @Test
    void anAudiencesCriteria_failuresFirst_capacityLinkedToItsCurves_atMostFiveShown() {
        Map<String, Object> acceptance = new LinkedHashMap<>(recorded());
        List<Map<String, Object>> criteria = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            criteria.add(Map.of("condition", "short-chat/shared/typical", "criterion", "e2e.p50 max_regression 10%",
                    "verdict", "inconclusive"));
        }
        criteria.add(Map.of("condition", "capacity", "criterion", "capacity.requests_per_hour min_improvement 5%",
                "verdict", "fail", "delta", 0.0, "delta_ci", List.of(-1.0, 1.0)));
        criteria.add(Map.of("condition", "short-chat/fresh/typical", "criterion", "errors.rate max 1%", "verdict", "pass"));
        acceptance.put("audiences", List.of(Map.of("name", "batch", "verdict", "REJECTED", "reason", "capacity", "criteria", criteria)));

        Audience batch = block(acceptance).audiences().get(0);

        assertThat(batch.criteria()).isEqualTo(7);
        assertThat(batch.notPassed().count()).isEqualTo(6);
        List<Criterion> shown = batch.notPassed().shown();
        assertThat(shown).hasSize(DecisionBlock.MAX_NOT_PASSED);
        assertThat(shown.get(0).verdict()).isEqualTo("fail");
        assertThat(shown.get(0).href()).isEqualTo("#capacity");
        assertThat(shown.get(0).ci()).containsExactly(-1.0, 1.0);
        assertThat(shown.get(1).href()).isEqualTo("#cell-1");
    }

    @Test
    void speedAndQualityDisagreeing_theFallbackReasonGivesBoth() {
        Map<String, Object> acceptance = new LinkedHashMap<>(recorded());
        acceptance.put("speed_verdict", "accepted");
        acceptance.put("reason", "verdict accepted from the criteria set in the plan");

        Audience all = block(acceptance).audiences().get(0);

        assertThat(all.verdict()).isEqualTo("inconclusive");
        assertThat(all.reason()).startsWith("speed accepted (verdict accepted from the criteria set in the plan); "
                + "quality inconclusive: accuracy drop");
    }

    @Test
    void audiencesAsDecisionsWritesThem_areShownEachWithItsVerdictReasonAndCriteriaCount() {
        Map<String, Object> acceptance = new LinkedHashMap<>(recorded());
        acceptance.put("audiences", List.of(
                Map.of("name", "chat", "verdict", "REJECTED", "reason", "TTFT p50 rose 12 % [+8 %, +15 %]",
                        "criteria", List.of(Map.of("criterion", "ttft.p50 max_regression 10%"))),
                Map.of("name", "batch", "verdict", "ACCEPTED", "reason", "throughput +9 %", "criteria", List.of())));

        List<Audience> audiences = block(acceptance).audiences();

        assertThat(audiences).hasSize(2);
        assertThat(audiences.get(0).name()).isEqualTo("chat");
        assertThat(audiences.get(0).verdict()).isEqualTo("REJECTED");
        assertThat(audiences.get(0).reason()).isEqualTo("TTFT p50 rose 12 % [+8 %, +15 %]");
        assertThat(audiences.get(0).criteria()).isEqualTo(1);
        assertThat(audiences.get(1).name()).isEqualTo("batch");
        assertThat(audiences.get(1).verdict()).isEqualTo("ACCEPTED");
    }

    @Test
    void capacity_givesTheRequestsPerHourDifference_itsInterval_andEachSidesLongestWaitAtCapacity() {
        Decision block = block(recorded());

        assertThat(block.capacity().requestsPerHour()).isEqualTo(0.0);
        assertThat(block.capacity().interval()).containsExactly(-43200.0, 43200.0);
        assertThat(block.capacity().excludesZero()).isFalse();
        assertThat(block.capacity().perSide()).containsOnlyKeys("baseline", "candidate");
        assertThat(block.capacity().href()).isEqualTo("#capacity");
        List<Wait> waits = block.longestWait();
        assertThat(waits).hasSize(2);
        assertThat(waits.get(0)).isEqualTo(new Wait("baseline", 2851.308593, 119.635557, 62L, "at its capacity (12.0 req/s)",
                "#capacity"));
        assertThat(waits.get(1).side()).isEqualTo("candidate");
        assertThat(waits.get(1).e2eP99Ms()).isEqualTo(2127.309299);
    }

    @Test
    void capacityCurves_areReadTyped_andLeftOutWhenAcceptanceJsonHasNone() {
        Map<String, Object> acceptance = new LinkedHashMap<>(recorded());
        assertThat(block(acceptance).capacity().curves()).as("written before the curves were compared").isNull();
        assertThat(ReportInputs.JSON.valueToTree(block(acceptance)).path("capacity").has("curves")).isFalse();
        acceptance.put("capacity_curves", Map.of("requests_per_hour", -6480.5, "requests_per_hour_interval", List.of(-9100.0, -3200.0),
                "excludes_zero", true, "points", List.of(Map.of("offered_rps", 16.0, "attainment_difference", -0.387,
                        "attainment_difference_ci", List.of(-0.521, -0.24), "excludes_zero", true))));

        Decision.Curves curves = block(acceptance).capacity().curves();

        assertThat(curves).isEqualTo(new Decision.Curves(-6480.5, List.of(-9100.0, -3200.0), true,
                List.of(new Decision.RatePoint(16.0, -0.387, List.of(-0.521, -0.24), true))));
        assertThat(ReportInputs.JSON.valueToTree(block(acceptance)).path("capacity").path("curves").path("points").path(0)
                .fieldNames()).toIterable().containsExactly("offered_rps", "difference", "ci", "excludes_zero");
    }

    @Test
    void withoutCapacity_theLongestWaitIsTheWorstConditionsP99_linkedToItsCell() {
        Map<String, Object> acceptance = new LinkedHashMap<>(recorded());
        acceptance.remove("capacity");
        acceptance.remove("capacity_difference");

        Decision block = block(acceptance);

        assertThat(block.capacity()).isNull();
        assertThat(ReportInputs.JSON.valueToTree(block).has("capacity")).isFalse();
        List<Wait> waits = block.longestWait();
        assertThat(waits).hasSize(2);
        Wait baseline = waits.get(0);
        assertThat(baseline.side()).isEqualTo("baseline");
        assertThat(baseline.where()).startsWith("worst condition: short-chat/");
        assertThat(baseline.href()).matches("#cell-[01]");
        assertThat(baseline.e2eP99Ms()).isGreaterThan(1000);
    }

    @Test
    void differences_haveTtftE2eAndThroughputOfEveryCondition_withIntervals_linkedToTheirCells() {
        List<Decision.ConditionDifferences> rows = block(recorded()).differences();

        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).condition()).isEqualTo("short-chat/fresh/typical");
        assertThat(rows.get(0).href()).isEqualTo("#cell-0");
        Map<String, Difference> figures = rows.get(0).figures();
        assertThat(figures.keySet()).containsExactly("ttft.p50", "e2e.p50", "throughput.output_tokens_per_s");
        assertThat(figures.get("e2e.p50").delta()).isNegative();
        assertThat(figures.get("e2e.p50").ci()).hasSize(2);
    }

    @Test
    void theBlockIsWrittenUnderTheJsonNamesThePageReads() {
        JsonNode json = ReportInputs.JSON.valueToTree(block(recorded()));

        assertThat(json.fieldNames()).toIterable().containsExactly("audiences", "capacity", "longest_wait", "differences");
        assertThat(json.path("audiences").path(0).has("not_passed")).isTrue();
        assertThat(json.path("audiences").path(0).path("label").isNull()).isTrue();
        assertThat(json.path("capacity").fieldNames()).toIterable().containsExactly("requests_per_hour", "interval",
                "excludes_zero", "per_side", "attainment_target", "href");
        assertThat(json.path("longest_wait").path(0).has("e2e_p99_ms")).isTrue();
    }

    @Test
    void noAcceptance_noBlock() {
        assertThat(DecisionBlock.of(null)).isNull();
    }
}
