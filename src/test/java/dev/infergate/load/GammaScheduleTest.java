package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.commons.statistics.distribution.GammaDistribution;
import org.apache.commons.statistics.inference.KolmogorovSmirnovTest;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Statistical checks on 50,000 gaps per shape k from a fixed seed. Standard errors: sample mean, CV / sqrt(n)
 * (CV = 1 / sqrt(k)); sample CV, about (sqrt((2 + 6 / k) / n) / 2 + CV / sqrt(n)) relative, from the gamma
 * kurtosis 3 + 6 / k. Tolerances are four standard errors: for k = 0.25, 3.6 % on the mean and 8 % on the CV.
 */
class GammaScheduleTest {
    private static final int N = 50_000;
    private static final double RATE = 5.0;

    @ParameterizedTest(name = "shape {0}")
    @ValueSource(doubles = {0.25, 1, 4})
    void meanGap_isOneOverRate_whateverTheShape(double shape) {
        double[] gaps = ScheduleSamples.gapsSeconds(new GammaSchedule(RATE, shape, 7), N);
        double cv = 1 / Math.sqrt(shape);
        assertThat(ScheduleSamples.mean(gaps)).isCloseTo(1 / RATE, Percentage.withPercentage(100 * 4 * cv / Math.sqrt(N)));
    }

    @ParameterizedTest(name = "shape {0}")
    @ValueSource(doubles = {0.25, 1, 4})
    void coefficientOfVariation_isOneOverSqrtShape(double shape) {
        double[] gaps = ScheduleSamples.gapsSeconds(new GammaSchedule(RATE, shape, 7), N);
        double expected = 1 / Math.sqrt(shape);
        assertThat(ScheduleSamples.cv(gaps)).isCloseTo(expected, Percentage.withPercentage(100 * cvTolerance(shape)));
    }

    @ParameterizedTest(name = "shape {0}")
    @ValueSource(doubles = {0.25, 1, 4})
    void gaps_areGammaDistributed_byKolmogorovSmirnov(double shape) {
        double[] gaps = ScheduleSamples.gapsSeconds(new GammaSchedule(RATE, shape, 7), N);
        assertThat(ksPValue(gaps, shape)).isGreaterThan(0.01);
    }

    @Test
    void theWrongShape_wouldBeCaught() {
        double[] gaps = ScheduleSamples.gapsSeconds(new GammaSchedule(RATE, 0.25, 7), N);
        assertThat(Math.abs(ScheduleSamples.cv(gaps) / (1 / Math.sqrt(0.3)) - 1)).isGreaterThan(cvTolerance(0.3));
        assertThat(ksPValue(gaps, 0.3)).isLessThan(0.01);
    }

    @Test
    void burstiness_mustBePositive() {
        assertThatThrownBy(() -> new GammaSchedule(1, 0, 1)).hasMessage("burstiness (0.0) must be > 0 and finite");
    }

    private static double cvTolerance(double shape) {
        return 4 * (Math.sqrt((2 + 6 / shape) / N) / 2 + (1 / Math.sqrt(shape)) / Math.sqrt(N));
    }

    private static double ksPValue(double[] gapsSeconds, double shape) {
        GammaDistribution gamma = GammaDistribution.of(shape, 1 / (RATE * shape));
        return KolmogorovSmirnovTest.withDefaults().test(gapsSeconds, gamma::cumulativeProbability).getPValue();
    }
}
