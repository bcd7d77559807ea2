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

    /**
     * The margins' worth against what it claims: a normal spread whose attainment is Phi(z), sampled independently n
     * times, pins Phi(-mean / sd) to the variance of n x informationRatio(z) binomial trials, within sampling error;
     * checked over 4,000 probes of 60 requests at z = 1.2 (attainment 88 %). Independent, they count as their requests
     * (the margins' worth, at least 1.5 times their looks, is capped there).
     */
    @Test
    void theMarginsCount_matchesTheSpreadOfTheAttainmentTheyEstimate() {
        SplittableRandom random = new SplittableRandom(6);
        double z = 1.2;
        int n = 60;
        int probes = 4000;
        double[] estimates = new double[probes];
        for (int k = 0; k < probes; k++) {
            double[] logShares = new double[n];
            for (int i = 0; i < n; i++) {
                logShares[i] = -z * 0.1 + 0.1 * gaussian(random);
            }
            double mean = Arrays.stream(logShares).average().orElseThrow();
            double sd = Math.sqrt(Arrays.stream(logShares).map(v -> (v - mean) * (v - mean)).sum() / (n - 1));
            estimates[k] = org.apache.commons.statistics.distribution.NormalDistribution.of(0, 1).cumulativeProbability(-mean / sd);
            assertThat(EffectiveTrials.fromMargins(logShares)).isBetween(EffectiveTrials.of(logShares), (double) n);
        }
        double trials = n * EffectiveTrials.informationRatio(z);
        double p = org.apache.commons.statistics.distribution.NormalDistribution.of(0, 1).cumulativeProbability(z);
        double mean = Arrays.stream(estimates).average().orElseThrow();
        double variance = Arrays.stream(estimates).map(v -> (v - mean) * (v - mean)).sum() / (probes - 1);

        assertThat(p * (1 - p) / trials).as("the variance the count claims").isCloseTo(variance, within(variance * 0.2));
    }

    @Test
    void aHoldNearTheLimit_isWorthLittleMoreThanItsLooks_oneFarBelowIt_itsRequests() {
        SplittableRandom random = new SplittableRandom(7);
        double[] near = new double[72];
        double[] far = new double[72];
        double x = 0;
        for (int i = 0; i < near.length; i++) {
            x = 0.95 * x + 0.3 * gaussian(random); // one slow wave: few looks
            near[i] = -0.03 + 0.02 * x; // 97 % of the target, give or take 2 %
            far[i] = Math.log(0.5) + 0.02 * x; // the same wave at half the target
        }
        double looks = EffectiveTrials.of(near);

        assertThat(looks).as("one slow wave").isLessThan(12);
        assertThat(EffectiveTrials.fromMargins(near)).isBetween(looks, 4 * looks);
        assertThat(EffectiveTrials.fromMargins(far)).isEqualTo(72);
    }

    @Test
    void theMarginsCount_isAtLeastTheLooks_atMostTheRequests_andAConstantSeriesIsItsLength() {
        SplittableRandom random = new SplittableRandom(8);
        for (int n = 2; n < 60; n++) {
            double[] series = new double[n];
            for (int i = 0; i < n; i++) {
                series[i] = random.nextDouble() - 0.5;
            }
            assertThat(EffectiveTrials.fromMargins(series)).as("n = %d", n).isBetween(EffectiveTrials.of(series), (double) n);
        }
        assertThat(EffectiveTrials.fromMargins(new double[] {-0.2, -0.2, -0.2})).isEqualTo(3);
        assertThat(EffectiveTrials.fromMargins(new double[0])).isZero();
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
