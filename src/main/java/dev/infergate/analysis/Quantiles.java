package dev.infergate.analysis;

import java.util.Arrays;

/**
 * The one percentile definition of every figure infergate prints: the <b>nearest rank</b>. The value at percentile
 * {@code p} of {@code n} values is the smallest value with at least {@code p}% of the values at or below it: the
 * {@code ceil(p/100 * n)}-th smallest (the smallest for {@code p = 0}); Hyndman and Fan's type 1, the inverse of the
 * empirical distribution function.
 *
 * <p>Why this one: summary.json's distributions are HdrHistograms (they record latencies in bounded memory and merge
 * across shards and requests without loss), and a histogram answers exactly this, with its bucket's precision (3
 * significant digits: {@link LatencyDistribution}). Every other percentile (a comparison's statistic and its bootstrap
 * interval, a capacity probe's p99, the CSV and vLLM exports, the benchmarks) is computed here on the exact values with
 * the same rank, so a run's p95 is the same request's figure in every file, apart from the histogram's rounding within
 * its stated precision. It is also always a value some request had: interpolating between two requests (type 7, numpy's
 * default) invents a latency nobody saw, and moves a tail figure of a small sample towards the maximum's neighbour.
 *
 * <p>The rank is computed as HdrHistogram computes it ({@code AbstractHistogram.getValueAtPercentile}): the percentile
 * is first moved one ulp down, so that {@code 0.95 * 100} does not round to a rank one too high.
 */
public final class Quantiles {
    private Quantiles() {}

    /**
     * The value at {@code percentile} (0 to 100) of {@code sorted[0..n)}, sorted ascending; NaN when {@code n} is 0.
     */
    public static double ofSorted(double[] sorted, int n, double percentile) {
        if (!(percentile >= 0 && percentile <= 100)) {
            throw new IllegalArgumentException("percentile (" + percentile + ") must be between 0 and 100");
        }
        if (n < 0 || n > sorted.length) {
            throw new IllegalArgumentException("n (" + n + ") must be between 0 and " + sorted.length);
        }
        return n == 0 ? Double.NaN : sorted[rank(n, percentile) - 1];
    }

    /** The value at {@code percentile} (0 to 100) of {@code sorted}, sorted ascending; NaN when empty. */
    public static double ofSorted(double[] sorted, double percentile) {
        return ofSorted(sorted, sorted.length, percentile);
    }

    /** The value at {@code percentile} (0 to 100) of {@code values} in any order (they are not changed); NaN when empty. */
    public static double of(double[] values, double percentile) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return ofSorted(sorted, percentile);
    }

    /** The 1-based rank of the value at {@code percentile} among {@code n >= 1} values. */
    static int rank(int n, double percentile) {
        double below = Math.min(Math.max(Math.nextDown(percentile), 0.0), 100.0);
        long rank = (long) Math.ceil(below / 100.0 * n);
        return (int) Math.min(n, Math.max(1, rank));
    }
}
