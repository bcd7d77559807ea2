package dev.infergate.analysis.audience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.compare.Comparison;
import dev.infergate.analysis.compare.Criteria;
import dev.infergate.analysis.compare.Criterion;
import dev.infergate.analysis.compare.Estimate;
import dev.infergate.analysis.compare.Judgement;
import dev.infergate.analysis.compare.Statistic;
import dev.infergate.analysis.compare.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AudienceJudgeTest {
    private static final String PLAN = """
            audiences:
              chat:
                label: chat users
                criteria:
                  ttft.p95: {max_regression: 10%}
              batch:
                throughput.output_tokens_per_s: {max_regression: 5%}
                capacity.requests_per_hour: {min_improvement: 0%}
            """;

    /** Estimates with chosen deltas and intervals, as a bootstrap would give them. */
    private static final Map<String, double[]> DELTAS = Map.of(
            "ttft.p95", new double[] {0.13, 0.11, 0.15},
            "throughput.output_tokens_per_s", new double[] {0.14, 0.09, 0.19});

    private static Estimate estimate(Statistic s) {
        double[] d = DELTAS.getOrDefault(s.key(), new double[] {0, -0.01, 0.01});
        return new Estimate(s, 100, 100 * (1 + d[0]), d[0], d[1], d[2], 100 * (1 + d[1]), 100 * (1 + d[2]), 300, 300, 3, 3,
                0.95, false);
    }

    /** A comparison that judged {@code union} in each condition on the estimates above. */
    private static Comparison.Result result(Criteria union, String... conditions) {
        List<Comparison.ConditionResult> out = new ArrayList<>();
        for (String c : conditions) {
            List<Judgement> judgements = new ArrayList<>();
            List<Estimate> estimates = new ArrayList<>();
            for (Criterion k : union.forCondition(c)) {
                Estimate e = estimate(k.statistic());
                estimates.add(e);
                judgements.add(k.judge(e));
            }
            out.add(new Comparison.ConditionResult(c, estimates, judgements,
                    Verdict.combine(judgements.stream().map(Judgement::verdict).toList()), 0));
        }
        return new Comparison.Result(out, Verdict.combine(out.stream().map(Comparison.ConditionResult::verdict).toList()), 0.95);
    }

    private static CapacitySearch.Result capacity(double rate, double upper) {
        return new CapacitySearch.Result(rate, rate, upper, null, List.of());
    }

    @Test
    void eachAudience_isJudgedOnItsOwnCriteria_andNamedWithItsReason() {
        List<Audience> audiences = AudienceCriteria.parse("plan.yaml", PLAN);
        Comparison.Result result = result(Audiences.union(audiences), "short-chat/fresh/typical");
        List<AudienceVerdict> verdicts = AudienceJudge.judge(audiences, result, capacity(10, 10.5), capacity(12, 12.6));

        assertEquals("chat users: REJECTED, TTFT p95 +13.0 % [+11.0, +15.0] over the 10 % limit", verdicts.get(0).line());
        assertEquals("batch: ACCEPTED, output tokens/s +14.0 % [+9.0, +19.0], +7,200 requests/hour [+5,400, +9,360] at the SLO",
                verdicts.get(1).line());
        assertEquals(Verdict.FAIL, AudienceVerdict.worst(verdicts));
        assertEquals(1, verdicts.get(0).judged().size(), "chat judges its TTFT criterion only");
        assertEquals(1, verdicts.get(1).capacity().size());
    }

    @Test
    void anIntervalWhollyPastTheLimit_heldBackByLateness_isNotSaidToStraddleIt() {
        List<Audience> audiences = AudienceCriteria.parse("plan.yaml", PLAN);
        Criterion ttft = audiences.get(0).criteria().forCondition("c").get(0);
        // the candidate's simulator stalled 50 ms: enough to explain 13 ms more on a 100 ms baseline
        Judgement held = ttft.judge(estimate(ttft.statistic()), 0, dev.infergate.analysis.compare.Lateness.NONE,
                new dev.infergate.analysis.compare.Lateness(0, 50, 0));
        Comparison.Result result = new Comparison.Result(List.of(new Comparison.ConditionResult("c",
                List.of(held.estimate()), List.of(held), held.verdict(), 0)), held.verdict(), 0.95);

        String line = AudienceJudge.judge(audiences.subList(0, 1), result, null, null).get(0).line();
        assertTrue(line.startsWith("chat users: INCONCLUSIVE, TTFT p95 +13.0 % [+11.0, +15.0] over the 10 % limit, held"
                + " back (would fail, but the candidate's lateness, 50 ms (the simulator's stalls and late tokens)"), line);
        assertTrue(!line.contains("straddles"), line);
    }

    @Test
    void aCandidateThatStoppedStreaming_isNamedFirst_besideItsWorstOtherFailure() {
        String plan = """
                audiences:
                  chat:
                    label: chat users
                    criteria:
                      ttft.p95: {max_regression: 10%}
                      delivery: incremental
                """;
        List<Audience> audiences = AudienceCriteria.parse("plan.yaml", plan);
        List<Judgement> judgements = new ArrayList<>();
        List<Estimate> estimates = new ArrayList<>();
        for (Criterion k : audiences.get(0).criteria().forCondition("c")) {
            boolean delivery = Comparison.deliveryShare(k.statistic().metric());
            // a buffered candidate: every answer in one lump (100 % not incremental), its first token 6 times later
            Estimate e = delivery ? new Estimate(k.statistic(), 0, 1, Double.NaN, Double.NaN, Double.NaN, 1, 1, 300, 300, 3, 3,
                    0.95, false) : new Estimate(k.statistic(), 100, 700, 6, 5.8, 6.3, 680, 730, 300, 300, 3, 3, 0.95, false);
            estimates.add(e);
            judgements.add(k.judge(e));
        }
        Comparison.Result result = new Comparison.Result(List.of(new Comparison.ConditionResult("c", estimates, judgements,
                Verdict.combine(judgements.stream().map(Judgement::verdict).toList()), 0)), Verdict.FAIL, 0.95);

        String line = AudienceJudge.judge(audiences, result, null, null).get(0).line();
        assertTrue(line.startsWith("chat users: REJECTED, answers not streamed incrementally (delivery: incremental)"), line);
        assertTrue(line.contains("; TTFT p95 +600.0 % [+580.0, +630.0] over the 10 % limit"), line);
        assertTrue(!line.contains("more failed"), line);
    }

    @Test
    void aCapacityDifferenceStraddlingTheLimit_leavesTheAudienceInconclusive() {
        List<Audience> audiences = AudienceCriteria.parse("plan.yaml", PLAN);
        Comparison.Result result = result(Audiences.union(audiences), "short-chat/fresh/typical");
        AudienceVerdict batch = AudienceJudge.judge(audiences, result, capacity(10, 11), capacity(10.2, 10.8)).get(1);

        assertEquals(Verdict.INCONCLUSIVE, batch.verdict());
        assertTrue(batch.reason().startsWith("+720 requests/hour [-2,880, +2,880] at the SLO straddles the 0 % limit"),
                batch.reason());
    }

    @Test
    void aCapacityStraddleLeftByASearchStoppedOnABusyMachine_saysThatMachineHeldItBack() {
        List<Audience> audiences = AudienceCriteria.parse("plan.yaml", PLAN);
        Comparison.Result result = result(Audiences.union(audiences), "short-chat/fresh/typical");
        CapacitySearch.Result stopped = new CapacitySearch.Result(10.2, 10.2, Double.POSITIVE_INFINITY, null, List.of(), null,
                CapacitySearch.Stop.UNDECIDED_PROBE);
        AudienceVerdict batch = AudienceJudge.judge(audiences, result, capacity(10, 11), stopped).get(1);

        assertEquals(Verdict.INCONCLUSIVE, batch.verdict());
        assertTrue(batch.reason().contains("held back by a busy machine: the candidate's search stopped at a probe whose client"
                + " or simulator was late enough to explain its outcome in every run"), batch.reason());
    }

    @Test
    void aCapacityStraddleLeftByASearchItsTimeBudgetStopped_namesThatBudget() {
        List<Audience> audiences = AudienceCriteria.parse("plan.yaml", PLAN);
        Comparison.Result result = result(Audiences.union(audiences), "short-chat/fresh/typical");
        CapacitySearch.Result timedOut = new CapacitySearch.Result(10, 10, 11, null, List.of(), null,
                CapacitySearch.Stop.TIME_BUDGET);
        AudienceVerdict batch = AudienceJudge.judge(audiences, result, timedOut, capacity(10.2, 10.8)).get(1);

        assertEquals(Verdict.INCONCLUSIVE, batch.verdict());
        assertTrue(batch.reason().contains("the baseline's search stopped at its time budget (capacity.time_budget): a longer"
                + " one, or more capacity.max_probes, would settle it"), batch.reason());
    }

    @Test
    void withoutACapacityStep_aCapacityCriterionIsNotJudged_andTheReasonSaysSo() {
        List<Audience> audiences = AudienceCriteria.parse("criteria.yaml", PLAN);
        Comparison.Result result = result(Audiences.union(audiences), "a/fresh/x");
        AudienceVerdict batch = AudienceJudge.judge(audiences, result, null, null).get(1);

        assertEquals(Verdict.PASS, batch.verdict());
        assertTrue(batch.reason().endsWith("capacity.requests_per_hour not judged: these runs have no capacity step"),
                batch.reason());
    }

    @Test
    void overSeveralConditions_aRejectionNamesTheWorstCondition_andAnAcceptanceTheRange() {
        List<Audience> audiences = AudienceCriteria.parse("plan.yaml", PLAN);
        Comparison.Result result = result(Audiences.union(audiences), "short-chat/fresh/typical", "long-doc/fresh/typical");
        List<AudienceVerdict> verdicts = AudienceJudge.judge(audiences, result, capacity(10, 10.5), capacity(12, 12.6));

        assertEquals("TTFT p95 +13.0 % [+11.0, +15.0] over the 10 % limit in short-chat/fresh/typical; 1 more failed",
                verdicts.get(0).reason());
        assertTrue(verdicts.get(1).reason().startsWith("output tokens/s +14.0 % to +14.0 % over 2 conditions"),
                verdicts.get(1).reason());
    }

    @Test
    void aPlanWithoutAudiences_isOneAudienceAll_withEveryCriterion() {
        List<Audience> audiences = AudienceCriteria.parse("criteria.yaml", "ttft.p95: {max_regression: 20%}\n");
        assertEquals(1, audiences.size());
        assertEquals("all", audiences.get(0).name());
        Comparison.Result result = result(Audiences.union(audiences), "c/fresh/x");
        AudienceVerdict all = AudienceJudge.judge(audiences, result, null, null).get(0);
        assertEquals("all: ACCEPTED, TTFT p95 +13.0 % [+11.0, +15.0]", all.line());
        assertEquals(result.verdict(), all.verdict());
    }
}
