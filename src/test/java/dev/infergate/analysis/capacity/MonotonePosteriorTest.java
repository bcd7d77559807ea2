package dev.infergate.analysis.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.AhrensDieterMarsagliaTsangGammaSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.distribution.BetaDistribution;
import org.junit.jupiter.api.Test;

class MonotonePosteriorTest {
    private static final int DRAWS = 200_000;

    @Test
    void oneProbe_holdsAsOftenAsItsJeffreysPosteriorLiesAboveTheTarget() {
        MonotonePosterior posterior = MonotonePosterior.of(0.95, new double[] {68 / 70.0}, new double[] {70});

        double exact = BetaDistribution.of(68.5, 2.5).survivalProbability(0.95);
        assertThat(holdShares(posterior, 1, rng(1))[0]).isCloseTo(exact, within(4 * se(exact)));
    }

    /**
     * Three probes whose shares are out of order (the middle one below the last): the exact posterior restricted to
     * non-increasing curves is the product of their Jeffreys posteriors kept where it is in order, which rejection
     * sampling draws directly, slowly; the grid's draws agree with it probe by probe.
     */
    @Test
    void probesOutOfOrder_matchTheirJeffreysProductRestrictedToOrder_drawnByRejection() {
        double[] good = {40, 25, 29};
        double[] trials = {40, 30, 30};
        double[] share = {good[0] / trials[0], good[1] / trials[1], good[2] / trials[2]};
        MonotonePosterior posterior = MonotonePosterior.of(0.9, share, trials);

        double[] grid = holdShares(posterior, 3, rng(2));
        double[] exact = new double[3];
        UniformRandomProvider rng = rng(3);
        int kept = 0;
        double[] p = new double[3];
        while (kept < DRAWS) {
            for (int i = 0; i < 3; i++) {
                double x = AhrensDieterMarsagliaTsangGammaSampler.of(rng, good[i] + 0.5, 1).sample();
                double y = AhrensDieterMarsagliaTsangGammaSampler.of(rng, trials[i] - good[i] + 0.5, 1).sample();
                p[i] = x / (x + y);
            }
            if (p[0] >= p[1] && p[1] >= p[2]) {
                kept++;
                for (int i = 0; i < 3; i++) {
                    exact[i] += p[i] >= 0.9 ? 1.0 / DRAWS : 0;
                }
            }
        }
        for (int i = 0; i < 3; i++) {
            assertThat(grid[i]).as("probe %d", i).isCloseTo(exact[i], within(4 * Math.sqrt(2) * se(exact[i])));
        }
        assertThat(grid[0]).as("a drawn curve never rises").isGreaterThanOrEqualTo(grid[1]);
        assertThat(grid[1]).isGreaterThanOrEqualTo(grid[2]);
    }

    /**
     * Five probes that all held, 14 trials each, are one piece of evidence: a curve below the target at all of them is
     * about as rare as for one probe of 70 that held (0.7 % of the Jeffreys posterior below 95 %), where drawing each
     * alone and pooling the draws (the refit before Dec 7) put it near 3 %: five half misses instead of one.
     */
    @Test
    void probesThatAllHeld_areOneEvidenceHoweverTheyAreSplit() {
        double[] share = {1, 1, 1, 1, 1};
        double[] trials = {14, 14, 14, 14, 14};
        MonotonePosterior split = MonotonePosterior.of(0.95, share, trials);
        UniformRandomProvider rng = rng(4);
        boolean[] holds = new boolean[5];
        int belowEverywhere = 0;
        for (int d = 0; d < DRAWS; d++) {
            split.draw(rng, holds);
            belowEverywhere += holds[0] ? 0 : 1;
        }
        double one = BetaDistribution.of(70.5, 0.5).cumulativeProbability(0.95);

        assertThat(belowEverywhere / (double) DRAWS).isLessThanOrEqualTo(one);
        assertThat(pooledRefitBelowEverywhere(share, trials, rng(5))).as("the refit's five half misses").isGreaterThan(3 * one);
    }

    @Test
    void aTargetOnACellEdge_decidesAProbeExactlyAtIt() {
        double[] holds = holdShares(MonotonePosterior.of(0.95, new double[] {0.95}, new double[] {100_000}), 1, rng(6));

        assertThat(holds[0]).as("a posterior centred on the target holds half the time").isCloseTo(0.5, within(0.01));
    }

    /** Share of draws below the target at every probe when each probe is drawn alone and their draws pooled by weight. */
    private static double pooledRefitBelowEverywhere(double[] share, double[] trials, UniformRandomProvider rng) {
        int below = 0;
        for (int d = 0; d < DRAWS; d++) {
            double sum = 0;
            double weight = 0;
            double first = 0; // the refit's value at the lowest probe: the highest mean of a run of probes from it
            for (int i = 0; i < share.length; i++) {
                double x = AhrensDieterMarsagliaTsangGammaSampler.of(rng, share[i] * trials[i] + 0.5, 1).sample();
                double y = AhrensDieterMarsagliaTsangGammaSampler.of(rng, (1 - share[i]) * trials[i] + 0.5, 1).sample();
                sum += trials[i] * x / (x + y);
                weight += trials[i];
                first = Math.max(first, sum / weight);
            }
            below += first < 0.95 ? 1 : 0;
        }
        return below / (double) DRAWS;
    }

    private static double[] holdShares(MonotonePosterior posterior, int k, UniformRandomProvider rng) {
        double[] shares = new double[k];
        boolean[] holds = new boolean[k];
        for (int d = 0; d < DRAWS; d++) {
            posterior.draw(rng, holds);
            for (int i = 0; i < k; i++) {
                shares[i] += holds[i] ? 1.0 / DRAWS : 0;
            }
        }
        return shares;
    }

    private static double se(double p) {
        return Math.sqrt(Math.max(p * (1 - p), 1e-4) / DRAWS);
    }

    private static UniformRandomProvider rng(long seed) {
        return RandomSource.XO_RO_SHI_RO_128_PP.create(new long[] {seed, 0x9E3779B97F4A7C15L});
    }
}
