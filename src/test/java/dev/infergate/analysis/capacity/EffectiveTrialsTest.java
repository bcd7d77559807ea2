package dev.infergate.analysis.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EffectiveTrialsTest {
    @Test
    void independentOutcomes_areWorthAboutAsManyTrials() {
        SplittableRandom random = new SplittableRandom(1);
        boolean[] good = new boolean[2000];
        for (int i = 0; i < good.length; i++) {
            good[i] = random.nextDouble() < 0.9;
        }

        assertThat(EffectiveTrials.of(zeroOne(good))).isBetween(1600.0, 2000.0);
    }

    /** An AR(1) series with coefficient phi is worth n (1 - phi) / (1 + phi) independent values: 263 of 5,000 at 0.9. */
    @Test
    void aCorrelatedSeries_isWorthWhatItsAutocorrelationSays() {
        SplittableRandom random = new SplittableRandom(2);
        double[] series = new double[5000];
        double x = 0;
        for (int i = 0; i < series.length; i++) {
            x = 0.9 * x + gaussian(random);
            series[i] = x;
        }

        assertThat(EffectiveTrials.of(series)).isCloseTo(5000 * 0.1 / 1.9, within(263 * 0.35));
    }

    @Test
    void oneRunOfMisses_isWorthAHandfulOfTrials_notItsRequests() {
        boolean[] good = new boolean[240];
        Arrays.fill(good, true);
        Arrays.fill(good, 150, 180, false); // one queue episode: 30 arrivals in a row missed

        assertThat(EffectiveTrials.of(zeroOne(good))).isLessThan(24);
    }

    @Test
    void aQueueStillBuilding_isWorthFewTrials() {
        double[] waits = new double[240];
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < waits.length; i++) {
            waits[i] = i * 0.002 + 0.01 * random.nextDouble(); // a backlog growing the whole probe, with some jitter
        }

        assertThat(EffectiveTrials.of(waits)).isLessThan(10);
    }

    @Test
    void aConstantSeries_countsAsItsLength_andAnEmptyOneAsNothing() {
        boolean[] allGood = new boolean[72];
        Arrays.fill(allGood, true);

        assertThat(EffectiveTrials.of(zeroOne(allGood))).isEqualTo(72);
        assertThat(EffectiveTrials.of(new double[] {0.5, 0.5, 0.5})).isEqualTo(3);
        assertThat(EffectiveTrials.of(new double[0])).isZero();
    }

    @Test
    void theCount_staysBetweenOneAndTheLength() {
        SplittableRandom random = new SplittableRandom(4);
        for (int n = 1; n < 60; n++) {
            double[] series = new double[n];
            for (int i = 0; i < n; i++) {
                series[i] = random.nextInt(3) == 0 ? random.nextDouble() : (i % 2);
            }
            assertThat(EffectiveTrials.of(series)).as("n = %d", n).isBetween(1.0, (double) n);
        }
    }

    /** Outcomes as the 0/1 series of misses and goods. */
    private static double[] zeroOne(boolean[] outcomes) {
        double[] values = new double[outcomes.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = outcomes[i] ? 1 : 0;
        }
        return values;
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
