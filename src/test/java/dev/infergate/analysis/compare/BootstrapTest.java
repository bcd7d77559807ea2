package dev.infergate.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BootstrapTest {
    private static final double TRUE_DELTA = 0.10;

    /** Runs {@code trials} comparisons of a candidate 10 % slower in every quantile; returns coverage per statistic. */
    private static double[] coverage(List<Statistic> stats, int trials, int repeats, int perRepeat, double drift) {
        SplittableRandom random = new SplittableRandom(7);
        Bootstrap bootstrap = new Bootstrap(500, 0.95, 11);
        int[] hits = new int[stats.size()];
        for (int t = 0; t < trials; t++) {
            Sample base = side(random, repeats, perRepeat, 1.0, drift);
            Sample cand = side(random, repeats, perRepeat, 1 + TRUE_DELTA, drift);
            List<Estimate> estimates = bootstrap.compare(stats, base, cand, "trial-" + t);
            for (int i = 0; i < stats.size(); i++) {
                Estimate e = estimates.get(i);
                if (e.deltaLow() <= TRUE_DELTA && TRUE_DELTA <= e.deltaHigh()) {
                    hits[i]++;
                }
            }
        }
        double[] share = new double[stats.size()];
        for (int i = 0; i < share.length; i++) {
            share[i] = (double) hits[i] / trials;
        }
        return share;
    }

    /** Repeats whose whole distribution is scaled by a random drift factor exp(N(0, drift)). */
    private static Sample side(SplittableRandom random, int repeats, int perRepeat, double scale, double drift) {
        List<RepeatSample> list = new ArrayList<>();
        for (int r = 0; r < repeats; r++) {
            double factor = Math.exp(drift * Synthetic.gaussian(random));
            list.add(Synthetic.lognormal(random, perRepeat, 100, 0.5, scale * factor, 0));
        }
        return new Sample(list);
    }

    @Test
    void intervals_coverTheTrueDeltaAbout95PercentOfTheTime_oneRepeat() {
        List<Statistic> stats = List.of(Statistic.parse("ttft.p50"), Statistic.parse("ttft.p95"), Statistic.parse("ttft.mean"));
        double[] cover = coverage(stats, 200, 1, 300, 0);
        for (int i = 0; i < cover.length; i++) {
            assertThat(cover[i]).as("coverage of %s", stats.get(i)).isBetween(0.90, 0.99);
        }
    }

    @Test
    void intervals_coverTheTrueDeltaAbout95PercentOfTheTime_repeatsWithDrift() {
        List<Statistic> stats = List.of(Statistic.parse("ttft.p50"), Statistic.parse("ttft.p95"), Statistic.parse("ttft.mean"));
        double[] cover = coverage(stats, 200, 3, 100, 0.06);
        for (int i = 0; i < cover.length; i++) {
            assertThat(cover[i]).as("coverage of %s", stats.get(i)).isBetween(0.90, 0.99);
        }
    }
}
