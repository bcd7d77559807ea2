package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The decision block read from a recorded acceptance.json (src/test/resources/dev/infergate/golden/accept-small). */
class DecisionBlockTest {
    static final Path RECORDED = Path.of("src/test/resources/dev/infergate/golden/accept-small");

    static Map<String, Object> recorded() {
        return ReportInputs.readObject(RECORDED, ReportInputs.ACCEPTANCE_FILE, new ArrayList<>());
    }

    @Test
    void acceptanceWithoutAudiences_isOneAudienceNamedAll_withTheTopLevelVerdictAndReason() {
        Map<String, Object> block = DecisionBlock.of(recorded());

        List<?> audiences = (List<?>) block.get("audiences");
        assertThat(audiences).hasSize(1);
        Map<String, Object> all = Headline.map(audiences.get(0));
        assertThat(all.get("name")).isEqualTo("all");
        assertThat(all.get("verdict")).isEqualTo("inconclusive");
        assertThat((String) all.get("reason")).startsWith("+0 requests/hour [-43,200, +43,200]");
        assertThat(all.get("href")).isEqualTo("#acceptance");
    }

    @Test
    void theFallbackAudience_listsTheCriteriaThatDidNotPass_withConditionChangeAndCell() {
        Map<String, Object> all = Headline.map(((List<?>) DecisionBlock.of(recorded()).get("audiences")).get(0));

        Map<String, Object> notPassed = Headline.map(all.get("not_passed"));
        assertThat(notPassed.get("count")).isEqualTo(2);
        Map<String, Object> first = Headline.map(((List<?>) notPassed.get("shown")).get(0));
        assertThat(first).containsEntry("criterion", "ttft.p50 max_regression 25%").containsEntry("condition", "short-chat/fresh/typical")
                .containsEntry("verdict", "inconclusive").containsEntry("delta", 0.243443).containsEntry("href", "#cell-0");
        assertThat(first.get("ci")).isEqualTo(List.of(-0.19415, 0.621866));
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

        Map<String, Object> batch = Headline.map(((List<?>) DecisionBlock.of(acceptance).get("audiences")).get(0));

        Map<String, Object> notPassed = Headline.map(batch.get("not_passed"));
        assertThat(notPassed.get("count")).isEqualTo(6);
        List<?> shown = (List<?>) notPassed.get("shown");
        assertThat(shown).hasSize(DecisionBlock.MAX_NOT_PASSED);
        assertThat(Headline.map(shown.get(0))).containsEntry("verdict", "fail").containsEntry("href", "#capacity");
        assertThat(Headline.map(shown.get(1))).containsEntry("href", "#cell-1");
    }

    @Test
    void speedAndQualityDisagreeing_theFallbackReasonGivesBoth() {
        Map<String, Object> acceptance = new LinkedHashMap<>(recorded());
        acceptance.put("speed_verdict", "accepted");
        acceptance.put("reason", "verdict accepted from the criteria set in the plan");

        Map<String, Object> all = Headline.map(((List<?>) DecisionBlock.of(acceptance).get("audiences")).get(0));

        assertThat(all.get("verdict")).isEqualTo("inconclusive");
        assertThat((String) all.get("reason")).startsWith("speed accepted (verdict accepted from the criteria set in the plan); "
                + "quality inconclusive: accuracy drop");
    }

    @Test
    void audiencesAsDecisionsWritesThem_areShownEachWithItsVerdictReasonAndCriteriaCount() {
        Map<String, Object> acceptance = new LinkedHashMap<>(recorded());
        acceptance.put("audiences", List.of(
                Map.of("name", "chat", "verdict", "REJECTED", "reason", "TTFT p50 rose 12 % [+8 %, +15 %]",
                        "criteria", List.of(Map.of("criterion", "ttft.p50 max_regression 10%"))),
                Map.of("name", "batch", "verdict", "ACCEPTED", "reason", "throughput +9 %", "criteria", List.of())));

        List<?> audiences = (List<?>) DecisionBlock.of(acceptance).get("audiences");

        assertThat(audiences).hasSize(2);
        assertThat(Headline.map(audiences.get(0))).containsEntry("name", "chat").containsEntry("verdict", "REJECTED")
                .containsEntry("reason", "TTFT p50 rose 12 % [+8 %, +15 %]").containsEntry("criteria", 1);
        assertThat(Headline.map(audiences.get(1))).containsEntry("name", "batch").containsEntry("verdict", "ACCEPTED");
    }

    @Test
    void capacity_givesTheRequestsPerHourDifference_itsInterval_andEachSidesLongestWaitAtCapacity() {
        Map<String, Object> block = DecisionBlock.of(recorded());

        Map<String, Object> capacity = Headline.map(block.get("capacity"));
        assertThat(capacity.get("requests_per_hour")).isEqualTo(0.0);
        assertThat(capacity.get("interval")).isEqualTo(List.of(-43200.0, 43200.0));
        assertThat(capacity.get("excludes_zero")).isEqualTo(false);
        assertThat(capacity.get("href")).isEqualTo("#capacity");
        List<?> waits = (List<?>) block.get("longest_wait");
        assertThat(waits).hasSize(2);
        assertThat(Headline.map(waits.get(0))).containsEntry("side", "baseline").containsEntry("e2e_p99_ms", 2851.308593)
                .containsEntry("ttft_p99_ms", 119.635557).containsEntry("count", 62);
        assertThat(Headline.map(waits.get(1))).containsEntry("side", "candidate").containsEntry("e2e_p99_ms", 2127.309299);
    }

    @Test
    void withoutCapacity_theLongestWaitIsTheWorstConditionsP99_linkedToItsCell() {
        Map<String, Object> acceptance = new LinkedHashMap<>(recorded());
        acceptance.remove("capacity");
        acceptance.remove("capacity_difference");

        Map<String, Object> block = DecisionBlock.of(acceptance);

        assertThat(block).doesNotContainKey("capacity");
        List<?> waits = (List<?>) block.get("longest_wait");
        assertThat(waits).hasSize(2);
        Map<String, Object> baseline = Headline.map(waits.get(0));
        assertThat(baseline.get("side")).isEqualTo("baseline");
        assertThat((String) baseline.get("where")).startsWith("worst condition: short-chat/");
        assertThat((String) baseline.get("href")).matches("#cell-[01]");
        assertThat(((Number) baseline.get("e2e_p99_ms")).doubleValue()).isGreaterThan(1000);
    }

    @Test
    void differences_haveTtftE2eAndThroughputOfEveryCondition_withIntervals_linkedToTheirCells() {
        List<?> rows = (List<?>) DecisionBlock.of(recorded()).get("differences");

        assertThat(rows).hasSize(2);
        Map<String, Object> first = Headline.map(rows.get(0));
        assertThat(first.get("condition")).isEqualTo("short-chat/fresh/typical");
        assertThat(first.get("href")).isEqualTo("#cell-0");
        Map<String, Object> figures = Headline.map(first.get("figures"));
        assertThat(figures.keySet()).containsExactly("ttft.p50", "e2e.p50", "throughput.output_tokens_per_s");
        Map<String, Object> e2e = Headline.map(figures.get("e2e.p50"));
        assertThat(((Number) e2e.get("delta")).doubleValue()).isNegative();
        assertThat((List<?>) e2e.get("ci")).hasSize(2);
    }

    @Test
    void noAcceptance_noBlock() {
        assertThat(DecisionBlock.of(null)).isNull();
    }
}
