package dev.infergate.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Metric;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The session total ("agent turn latency") as a compared figure: per completed session, judged like the rest. */
class SessionComparisonTest {
    private static Sample sessions(long seed, double scale) {
        SplittableRandom random = new SplittableRandom(seed);
        return new Sample(List.of(Synthetic.sessions(random, 40, 3, 100, scale), Synthetic.sessions(random, 40, 3, 100, scale)));
    }

    private static Estimate estimate(Comparison.ConditionResult c, String key) {
        return c.estimates().stream().filter(e -> e.statistic().key().equals(key)).findFirst().orElse(null);
    }

    @Test
    void aCompletedSessionsTotal_runsFromItsFirstScheduledToItsLastDone_andIncompleteOnesHaveNone() {
        List<RequestRecord> records = new ArrayList<>();
        records.add(Synthetic.turn(0, "a", 0, 0, 100, 5, 10));      // done at 140 ms
        records.add(Synthetic.turn(1, "a", 1, 200, 100, 5, 10));
        records.add(Synthetic.turn(2, "a", 2, 400, 100, 5, 10));    // done at 540 ms
        records.add(Synthetic.turn(3, "b", 0, 0, 100, 5, 10));
        records.add(RequestRecord.builder(4).session("b").turn(1).scheduledNanos(200 * Synthetic.MS)
                .sentNanos(200 * Synthetic.MS).doneNanos(210 * Synthetic.MS).status(500).error(ErrorClass.HTTP_5XX)
                .errorDetail("x").build());
        records.add(Synthetic.turn(5, "c", 0, 0, 100, 5, 10));      // cut short after 2 of 3 turns
        records.add(Synthetic.turn(6, "c", 1, 200, 100, 5, 10));
        records.add(Synthetic.ok(7, 0, 100, 5, 10));                 // not a session turn

        RepeatSample sample = RepeatSample.of(records, null, 3);

        assertThat(sample.sessions()).isEqualTo(3);
        assertThat(sample.defined(Metric.SESSION_TOTAL)).isEqualTo(1);
        assertThat(sample.value(Metric.SESSION_TOTAL, 2)).isEqualTo(540.0);
        assertThat(RepeatSample.of(records, null).defined(Metric.SESSION_TOTAL)).as("3 turns seen: the same rule").isEqualTo(1);
        assertThat(RepeatSample.of(records, null, 2).defined(Metric.SESSION_TOTAL)).as("sessions of 2 turns").isEqualTo(1);
        assertThat(RepeatSample.of(records.subList(7, 8), null).sessions()).isZero();
    }

    @Test
    void agentConditions_showTheSessionTotal_andTheDefaultCriteriaJudgeIt() {
        // One run per side judged on its interval alone (allowance 0): this test is about the session total.
        Comparison.Result r = Comparison.run(Map.of("agent/shared/low", new Comparison.Pair(sessions(1, 1), sessions(2, 1.3))),
                Criteria.DEFAULT, new Bootstrap(300, 0.95, 5), 0);

        Comparison.ConditionResult c = r.conditions().get(0);
        Estimate p90 = estimate(c, "session_total.p90");
        assertThat(estimate(c, "session_total.p50")).isNotNull();
        assertThat(p90.baselineCount()).as("completed sessions").isEqualTo(80);
        assertThat(p90.delta()).isBetween(0.15, 0.45);
        assertThat(c.judgements()).filteredOn(j -> j.criterion().statistic().equals(p90.statistic()))
                .singleElement().extracting(Judgement::verdict).isEqualTo(Verdict.FAIL);
    }

    @Test
    void conditionsWithoutSessions_neitherShowNorJudgeTheSessionTotal() {
        SplittableRandom random = new SplittableRandom(3);
        Sample requests = Sample.of(Synthetic.lognormal(random, 200, 100, 0.3, 1, 0));
        Criteria criteria = Criteria.parse("c.yaml", "session_total.p90: {max_regression: 10%}\nttft.p95: {max_regression: 50%}\n");

        Comparison.ConditionResult c = Comparison.run(Map.of("short-chat/fresh/low", new Comparison.Pair(requests, requests)),
                criteria, new Bootstrap(200, 0.95, 5)).conditions().get(0);

        assertThat(estimate(c, "session_total.p90")).isNull();
        assertThat(c.judgements()).extracting(j -> j.criterion().statistic().key()).containsExactly("ttft.p95");
        assertThat(c.verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void sessionCriteria_parseLikeAnyLatency() {
        Criterion c = Criteria.parse("c.yaml", "session_total.p50: {max: 30s}\n").global().get(0);
        assertThat(c.threshold()).isEqualTo(30_000.0);
        assertThat(c.statistic().metric().perSession()).isTrue();
    }
}
