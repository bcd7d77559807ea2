package dev.infergate.analysis.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.AhrensDieterMarsagliaTsangGammaSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

class MonotonePosteriorTest {
    private static final int DRAWS = 200_000;

    @Test
    void oneProbe_holdsAsOftenAsItsPosteriorLiesAboveTheTarget() {
        MonotonePosterior posterior = MonotonePosterior.of(0.95, new double[] {68 / 70.0}, new double[] {70});

        double exact = PosteriorOnAGridInP.of(0.95, 68, 70).above(0.95);
        assertThat(exact).as("68 of 70 (97 %%) is likelier above 95 %% than below, not sure").isBetween(0.6, 0.95);
        assertThat(holdShares(posterior, 1, rng(1))[0]).isCloseTo(exact, within(4 * se(exact)));
    }

    /**
     * The prior: q = sigmoid(logit p - logit target) uniform, so before any request a probe is as likely to hold the target
     * as to miss it (Jeffreys' Beta(1/2, 1/2), centred on 50 %, gave a 95 % target 14.4 %), and its odds against the
     * target's are as spread as a uniform p's against evens. A probe with no trial draws from it.
     */
    @Test
    void aProbeWithNoEvidence_holdsHalfTheTime_whateverTheTarget() {
        for (double target : new double[] {0.5, 0.9, 0.95, 0.99}) {
            double[] holds = holdShares(MonotonePosterior.of(target, new double[] {0}, new double[] {0}), 1, rng(7));
            assertThat(holds[0]).as("target %s", target).isCloseTo(0.5, within(4 * se(0.5)));
            assertThat(PosteriorOnAGridInP.of(target, 0, 0).above(target)).as("target %s", target).isCloseTo(0.5, within(1e-6));
        }
    }

    /**
     * Three probes whose shares are out of order (the middle one below the last): the exact posterior restricted to
     * non-increasing curves is the product of their posteriors kept where it is in order, which rejection sampling draws
     * directly, slowly (each probe drawn from its posterior on a fine grid in p, not in log-odds); the grid's draws agree
     * with it probe by probe.
     */
    @Test
    void probesOutOfOrder_matchTheirProductRestrictedToOrder_drawnByRejection() {
        double[] good = {40, 25, 29};
        double[] trials = {40, 30, 30};
        double[] share = {good[0] / trials[0], good[1] / trials[1], good[2] / trials[2]};
        MonotonePosterior posterior = MonotonePosterior.of(0.9, share, trials);

        double[] grid = holdShares(posterior, 3, rng(2));
        PosteriorOnAGridInP[] alone = new PosteriorOnAGridInP[3];
        for (int i = 0; i < 3; i++) {
            alone[i] = PosteriorOnAGridInP.of(0.9, good[i], trials[i]);
        }
        double[] exact = new double[3];
        UniformRandomProvider rng = rng(3);
        int kept = 0;
        double[] p = new double[3];
        while (kept < DRAWS) {
            for (int i = 0; i < 3; i++) {
                p[i] = alone[i].draw(rng);
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
     * no more common than for one probe of 70 that held (under 1 % below 95 %), where drawing each alone from its
     * Jeffreys posterior and pooling the draws (the refit before Dec 7) put it near 3 %: five half misses instead of one.
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
        double one = 1 - PosteriorOnAGridInP.of(0.95, 70, 70).above(0.95);

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

    /**
     * One probe's posterior under the interval's prior, on a grid of a million cells uniform in p (the sampler's grid is
     * uniform in log-odds): density p^good (1 - p)^misses x the prior's, o / (p + (1 - p) o)^2 with o the target's odds
     * (the density of p when q = sigmoid(logit p - logit target) is uniform).
     */
    private record PosteriorOnAGridInP(double[] cumulative) {
        private static final int CELLS = 1_000_000;

        static PosteriorOnAGridInP of(double target, double good, double trials) {
            double odds = target / (1 - target);
            double[] logDensity = new double[CELLS];
            double max = Double.NEGATIVE_INFINITY;
            for (int c = 0; c < CELLS; c++) {
                double p = (c + 0.5) / CELLS;
                logDensity[c] = good * Math.log(p) + (trials - good) * Math.log1p(-p) + Math.log(odds)
                        - 2 * Math.log(p + (1 - p) * odds);
                max = Math.max(max, logDensity[c]);
            }
            double[] cumulative = new double[CELLS];
            double sum = 0;
            for (int c = 0; c < CELLS; c++) {
                sum += Math.exp(logDensity[c] - max);
                cumulative[c] = sum;
            }
            for (int c = 0; c < CELLS; c++) {
                cumulative[c] /= sum;
            }
            return new PosteriorOnAGridInP(cumulative);
        }

        /** The posterior's share at or above {@code p} (on a cell edge: cells of width 1e-6). */
        double above(double p) {
            int c = (int) Math.round(p * CELLS);
            return c == 0 ? 1 : 1 - cumulative[c - 1];
        }

        /** A draw: a uniform point within the cell the inverse of the cumulative lands in. */
        double draw(UniformRandomProvider rng) {
            double u = rng.nextDouble();
            int lo = 0;
            int hi = CELLS - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (cumulative[mid] > u) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            return (lo + rng.nextDouble()) / CELLS;
        }
    }
}
