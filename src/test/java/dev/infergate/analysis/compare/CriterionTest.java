package dev.infergate.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CriterionTest {
    private static Estimate delta(String statistic, double delta, double low, double high) {
        return new Estimate(Statistic.parse(statistic), 100, 100 * (1 + delta), delta, low, high, Double.NaN, Double.NaN,
                1000, 1000, 3, 3, 0.95, false);
    }

    private static Estimate absolute(String statistic, double value, double low, double high) {
        return new Estimate(Statistic.parse(statistic), value, value, 0, 0, 0, low, high, 1000, 1000, 3, 3, 0.95, false);
    }

    private static Criterion criterion(String statistic, Bound bound, double threshold) {
        return new Criterion(Statistic.parse(statistic), bound, threshold);
    }

    @Test
    void maxRegression_onALatency_passesOnlyWhenTheWholeIntervalIsBelowTheLimit() {
        Criterion c = criterion("ttft.p95", Bound.MAX_REGRESSION, 0.10);

        assertThat(c.judge(delta("ttft.p95", 0.02, -0.01, 0.09)).verdict()).isEqualTo(Verdict.PASS);
        assertThat(c.judge(delta("ttft.p95", 0.15, 0.11, 0.19)).verdict()).isEqualTo(Verdict.FAIL);
        assertThat(c.judge(delta("ttft.p95", 0.08, 0.04, 0.12)).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void maxRegression_onAThroughput_treatsADropAsTheRegression() {
        Criterion c = criterion("throughput.output_tokens_per_s", Bound.MAX_REGRESSION, 0.05);

        assertThat(c.judge(delta("throughput.output_tokens_per_s", 0.20, 0.15, 0.25)).verdict()).isEqualTo(Verdict.PASS);
        assertThat(c.judge(delta("throughput.output_tokens_per_s", -0.10, -0.12, -0.08)).verdict()).isEqualTo(Verdict.FAIL);
        assertThat(c.judge(delta("throughput.output_tokens_per_s", -0.04, -0.07, -0.01)).verdict())
                .isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void minImprovement_wantsTheWholeIntervalOnTheBetterSide() {
        Criterion latency = criterion("e2e.p99", Bound.MIN_IMPROVEMENT, 0.05);
        Criterion throughput = criterion("throughput.output_tokens_per_s", Bound.MIN_IMPROVEMENT, 0.0);

        assertThat(latency.judge(delta("e2e.p99", -0.10, -0.14, -0.06)).verdict()).isEqualTo(Verdict.PASS);
        assertThat(latency.judge(delta("e2e.p99", -0.02, -0.04, 0.0)).verdict()).isEqualTo(Verdict.FAIL);
        assertThat(throughput.judge(delta("throughput.output_tokens_per_s", 0.03, 0.01, 0.05)).verdict()).isEqualTo(Verdict.PASS);
        assertThat(throughput.judge(delta("throughput.output_tokens_per_s", 0.01, -0.01, 0.03)).verdict())
                .isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void absoluteBounds_judgeTheCandidatesOwnInterval() {
        Criterion errors = criterion("errors.rate", Bound.MAX, 0.005);
        Criterion attainment = criterion("goodput.attainment", Bound.MIN, 0.95);

        assertThat(errors.judge(absolute("errors.rate", 0, 0, 0)).verdict()).isEqualTo(Verdict.PASS);
        assertThat(errors.judge(absolute("errors.rate", 0.02, 0.01, 0.03)).verdict()).isEqualTo(Verdict.FAIL);
        assertThat(attainment.judge(absolute("goodput.attainment", 0.97, 0.96, 0.98)).verdict()).isEqualTo(Verdict.PASS);
        assertThat(attainment.judge(absolute("goodput.attainment", 0.95, 0.93, 0.97)).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void inconclusive_estimatesTheSamplesThatWouldSettleIt() {
        Criterion c = criterion("ttft.p95", Bound.MAX_REGRESSION, 0.10);

        // half-width 0.04, distance to the limit 0.02: (0.04 / 0.02)^2 = 4 times the 1,000 requests per side.
        Judgement j = c.judge(delta("ttft.p95", 0.08, 0.04, 0.12));

        assertThat(j.samplesToSettle()).isEqualTo(4000);
        assertThat(c.judge(delta("ttft.p95", 0.10, 0.05, 0.15)).samplesToSettle()).isEqualTo(-1);
    }

    @Test
    void noInterval_isInconclusiveAndSaysWhy() {
        Criterion c = criterion("queue_wait.p99", Bound.MAX_REGRESSION, 0.10);

        Judgement j = c.judge(delta("queue_wait.p99", Double.NaN, Double.NaN, Double.NaN));

        assertThat(j.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(j.note()).contains("undefined");
    }

    @Test
    void aRunToRunAllowance_widensRelativeBoundsOnly_andSaysWhyASettledIntervalIsNoLongerEnough() {
        Criterion c = criterion("ttft.p95", Bound.MAX_REGRESSION, 0.10);
        Criterion errors = criterion("errors.rate", Bound.MAX, 0.005);

        Judgement within = c.judge(delta("ttft.p95", 0.13, 0.11, 0.15), 0.05);
        assertThat(c.judge(delta("ttft.p95", 0.13, 0.11, 0.15), 0).verdict()).isEqualTo(Verdict.FAIL);
        assertThat(within.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(within.note()).contains("cannot separate a +13 % difference from run-to-run drift",
                "widened by the 5% run-to-run allowance, straddles the 10% threshold", "3+ runs per side or accept --until-decided");
        assertThat(within.samplesToSettle()).as("more requests of one run cannot settle it").isEqualTo(-1);
        assertThat(c.judge(delta("ttft.p95", 0.20, 0.16, 0.24), 0.05).verdict()).isEqualTo(Verdict.FAIL);
        assertThat(c.judge(delta("ttft.p95", 0.04, 0.0, 0.08), 0.05).verdict())
                .as("0.04 + hypot(0.04, 0.05) = 0.104 > 0.10").isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(c.judge(delta("ttft.p95", 0.02, 0.0, 0.06), 0.05).verdict())
                .as("0.02 + hypot(0.04, 0.05) = 0.084: the allowance adds in quadrature, not on top").isEqualTo(Verdict.PASS);
        assertThat(c.judge(delta("ttft.p95", 0.0, -0.02, 0.04), 0.05).verdict()).isEqualTo(Verdict.PASS);
        assertThat(errors.judge(absolute("errors.rate", 0.004, 0.003, 0.0049), 0.05).verdict())
                .as("an absolute bound judges the candidate's own value, not an effect between runs").isEqualTo(Verdict.PASS);
    }

    @Test
    void combine_failBeatsInconclusiveBeatsPass() {
        assertThat(Verdict.combine(java.util.List.of(Verdict.PASS, Verdict.INCONCLUSIVE, Verdict.FAIL))).isEqualTo(Verdict.FAIL);
        assertThat(Verdict.combine(java.util.List.of(Verdict.PASS, Verdict.INCONCLUSIVE))).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(Verdict.combine(java.util.List.of())).isEqualTo(Verdict.PASS);
    }
}
