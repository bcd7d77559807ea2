package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.compare.Bound;
import dev.infergate.analysis.compare.Criterion;
import dev.infergate.analysis.compare.Estimate;
import dev.infergate.analysis.compare.Judgement;
import dev.infergate.analysis.compare.Statistic;
import org.junit.jupiter.api.Test;

class FutilityTest {
    private static Judgement judged(Criterion c, double delta, double deltaLow, double deltaHigh, double candLow, double candHigh) {
        Estimate e = new Estimate(c.statistic(), 500, 500 * (1 + delta), delta, deltaLow, deltaHigh, candLow, candHigh,
                100, 100, 3, 3, 0.95, false);
        return c.judge(e);
    }

    @Test
    void aRelativeCriterion_sitsOnItsLimit_whenItsDeltaIntervalIsWithinTheAllowanceOfIt() {
        Criterion ttft = new Criterion(Statistic.parse("ttft.p95"), Bound.MAX_REGRESSION, 0.10);
        assertThat(Futility.sitsOnLimit(judged(ttft, 0.12, 0.0, 0.24, 0, 0), 0.15)).isTrue();
        assertThat(Futility.sitsOnLimit(judged(ttft, 0.12, -0.08, 0.24, 0, 0), 0.15)).as("reaches below -5 %").isFalse();
        assertThat(Futility.sitsOnLimit(judged(ttft, 0.12, 0.0, 0.24, 0, 0), 0.10)).as("a smaller allowance").isFalse();
    }

    @Test
    void anAbsoluteCriterion_sitsOnItsLimit_whenTheCandidatesIntervalIsWithinThatShareOfTheLimit() {
        Criterion max = new Criterion(Statistic.parse("ttft.p95"), Bound.MAX, 500);
        assertThat(Futility.sitsOnLimit(judged(max, 0, 0, 0, 450, 540), 0.15)).as("within [425, 575]").isTrue();
        assertThat(Futility.sitsOnLimit(judged(max, 0, 0, 0, 400, 540), 0.15)).isFalse();
        assertThat(Futility.sitsOnLimit(judged(max, 0, 0, 0, Double.NaN, 540), 0.15)).as("no interval").isFalse();
    }
}
