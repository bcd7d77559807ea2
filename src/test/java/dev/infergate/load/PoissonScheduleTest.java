package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.commons.statistics.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;

/**
 * Statistical checks on 20,000 gaps from a fixed seed. For exponential gaps the standard error of the sample
 * mean is mean / sqrt(n) = 0.71 %, and that of the sample CV about sqrt(2 / n) = 1.0 %; the tolerances are
 * four standard errors (3 % and 4 %), so a correct sampler passes whatever the seed (p ~ 6e-5 per check), and
 * a rate 5 % off fails, as the last test shows.
 */
class PoissonScheduleTest {
    private static final int N = 20_000;
    private static final double RATE = 8.0;
    private static final double MEAN_TOLERANCE = 4 / Math.sqrt(N); // 2.8 %
    private static final double CV_TOLERANCE = 4 * Math.sqrt(2.0 / N); // 4.0 %

    private final double[] gaps = ScheduleSamples.gapsSeconds(new PoissonSchedule(RATE, 42), N);

    @Test
    void meanGap_isOneOverRate() {
        assertThat(ScheduleSamples.mean(gaps)).isCloseTo(1 / RATE, withinRelative(MEAN_TOLERANCE));
    }

    @Test
    void coefficientOfVariation_isOne() {
        assertThat(ScheduleSamples.cv(gaps)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(CV_TOLERANCE));
    }

    @Test
    void gaps_areExponential_byKolmogorovSmirnov() {
        double p = ksPValue(gaps, RATE);
        assertThat(p).isGreaterThan(0.01);
    }

    @Test
    void aRateFivePercentOff_wouldBeCaught() {
        double wrongRate = RATE * 1.05;
        assertThat(Math.abs(ScheduleSamples.mean(gaps) * wrongRate - 1)).isGreaterThan(MEAN_TOLERANCE);
        assertThat(ksPValue(gaps, wrongRate)).isLessThan(0.01);
    }

    @Test
    void firstRequest_isDueAtTheOrigin() {
        assertThat(new PoissonSchedule(RATE, 42).offsets().nextLong()).isZero();
    }

    private static double ksPValue(double[] gapsSeconds, double rate) {
        return KolmogorovSmirnovTest.withDefaults()
                .test(gapsSeconds, x -> x <= 0 ? 0 : -Math.expm1(-rate * x))
                .getPValue();
    }

    private static org.assertj.core.data.Percentage withinRelative(double fraction) {
        return org.assertj.core.data.Percentage.withPercentage(fraction * 100);
    }
}
