package dev.infergate.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.RequestRecord;
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

    /**
     * Paired data as {@code accept} makes it: request i has the same prompt on both sides, so a shared factor
     * (its length, log-normal sigma 0.5) sets most of its latency on either side; each side adds its own noise
     * (sigma 0.15), and the candidate is 10 % slower throughout, so every quantile's true delta is +10 %. With
     * {@code paired} false the candidate's request ids are shifted, so the same data are compared unpaired.
     * Returns {coverage of each statistic..., mean width of each statistic...}.
     */
    private static double[] pairedCoverage(List<Statistic> stats, int trials, int repeats, int perRepeat, boolean paired) {
        SplittableRandom random = new SplittableRandom(17);
        Bootstrap bootstrap = new Bootstrap(500, 0.95, 11);
        double[] out = new double[2 * stats.size()];
        for (int t = 0; t < trials; t++) {
            List<RepeatSample> base = new ArrayList<>();
            List<RepeatSample> cand = new ArrayList<>();
            for (int r = 0; r < repeats; r++) {
                List<RequestRecord> b = new ArrayList<>();
                List<RequestRecord> c = new ArrayList<>();
                for (int i = 0; i < perRepeat; i++) {
                    double shared = 100 * Math.exp(0.5 * Synthetic.gaussian(random));
                    b.add(Synthetic.ok(i, i * 100.0, shared * Math.exp(0.15 * Synthetic.gaussian(random)), 10, 10));
                    c.add(Synthetic.ok(paired ? i : i + perRepeat, i * 100.0,
                            (1 + TRUE_DELTA) * shared * Math.exp(0.15 * Synthetic.gaussian(random)), 10, 11));
                }
                base.add(RepeatSample.of(b, null));
                cand.add(RepeatSample.of(c, null));
            }
            Sample bs = new Sample(base);
            Sample cs = new Sample(cand);
            assertThat(Pairing.paired(bs, cs)).isEqualTo(paired);
            List<Estimate> estimates = bootstrap.compare(stats, bs, cs, "trial-" + t);
            for (int i = 0; i < stats.size(); i++) {
                Estimate e = estimates.get(i);
                out[i] += e.deltaLow() <= TRUE_DELTA && TRUE_DELTA <= e.deltaHigh() ? 1.0 / trials : 0;
                out[stats.size() + i] += (e.deltaHigh() - e.deltaLow()) / trials;
            }
        }
        return out;
    }

    @Test
    void pairedIntervals_coverTheTrueDelta_andAreNarrowerThanUnpairedOnTheSameData() {
        List<Statistic> stats = List.of(Statistic.parse("ttft.p50"), Statistic.parse("ttft.p95"), Statistic.parse("ttft.mean"));
        double[] paired = pairedCoverage(stats, 200, 1, 300, true);
        double[] unpaired = pairedCoverage(stats, 200, 1, 300, false);
        for (int i = 0; i < stats.size(); i++) {
            System.out.printf(java.util.Locale.ROOT, "%s: paired coverage %.3f width %.4f; unpaired coverage %.3f width %.4f%n",
                    stats.get(i), paired[i], paired[3 + i], unpaired[i], unpaired[3 + i]);
            assertThat(paired[i]).as("paired coverage of %s: near 95 %%, never too narrow", stats.get(i))
                    .isGreaterThanOrEqualTo(0.92);
            assertThat(unpaired[i]).as("unpaired coverage of %s: too wide on paired data, never too narrow", stats.get(i))
                    .isGreaterThanOrEqualTo(0.90);
            assertThat(paired[3 + i]).as("paired width of %s", stats.get(i)).isLessThan(0.7 * unpaired[3 + i]);
        }
    }

    @Test
    void pairedIntervals_withRepeats_coverTheTrueDelta() {
        List<Statistic> stats = List.of(Statistic.parse("ttft.p50"), Statistic.parse("ttft.p95"), Statistic.parse("ttft.mean"));
        double[] paired = pairedCoverage(stats, 150, 3, 100, true);
        double[] unpaired = pairedCoverage(stats, 150, 3, 100, false);
        for (int i = 0; i < stats.size(); i++) {
            System.out.printf(java.util.Locale.ROOT, "3 repeats %s: paired coverage %.3f width %.4f; unpaired coverage %.3f width %.4f%n",
                    stats.get(i), paired[i], paired[3 + i], unpaired[i], unpaired[3 + i]);
            assertThat(paired[i]).as("paired coverage of %s (conservative with repeats and no drift)", stats.get(i))
                    .isGreaterThanOrEqualTo(0.90);
            assertThat(paired[3 + i]).as("paired width of %s", stats.get(i)).isLessThan(unpaired[3 + i]);
        }
    }

    @Test
    void runsWithDifferentRequestIdsOrRepeatCounts_areNotPaired() {
        SplittableRandom random = new SplittableRandom(1);
        RepeatSample a = Synthetic.lognormal(random, 20, 100, 0.5, 1, 0);
        RepeatSample b = Synthetic.lognormal(random, 20, 100, 0.5, 1, 0);
        RepeatSample shorter = Synthetic.lognormal(random, 19, 100, 0.5, 1, 0);

        assertThat(Pairing.paired(Sample.of(a), Sample.of(b))).isTrue();
        assertThat(Pairing.paired(Sample.of(a), Sample.of(shorter))).isFalse();
        assertThat(Pairing.paired(Sample.of(a, a), Sample.of(b))).isFalse();
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
