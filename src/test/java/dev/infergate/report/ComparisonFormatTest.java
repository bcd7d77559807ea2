package dev.infergate.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.compare.Estimate;
import dev.infergate.analysis.Metric;
import dev.infergate.analysis.compare.Statistic;
import org.junit.jupiter.api.Test;

class ComparisonFormatTest {
    private static Estimate estimate(Statistic s, double baseline, double candidate) {
        double delta = Estimate.relative(baseline, candidate);
        return new Estimate(s, baseline, candidate, delta, delta - 0.1, delta + 0.1, candidate, candidate, 100, 100,
                1, 1, 0.95, false);
    }

    @Test
    void cacheShare_isComparedInPercentagePoints_notAsARelativeChangeOfATinyShare() {
        Estimate e = estimate(Statistic.value(Metric.CACHE_HIT_RATE), 0.001, 0.00425);
        assertThat(ComparisonFormat.delta(e)).isEqualTo("+0.3 pp"); // not "+325.0%"
        assertThat(ComparisonFormat.interval(e)).isEqualTo("-");
    }

    @Test
    void otherShares_keepTheirRelativeDelta() {
        Estimate e = estimate(Statistic.value(Metric.ERROR_RATE), 0.2, 0.25);
        assertThat(ComparisonFormat.delta(e)).isEqualTo("+25.0%");
    }
}
