package dev.infergate.analysis.capacity;

/**
 * How many independent trials a probe's requests are worth ({@link Measurement#effectiveSent()} applies it to their
 * queue waits). A probe's requests are not independent: near the capacity a queue builds and drains, every arrival
 * while it stands waits behind it, and misses come in runs (a 10 s probe of 240 requests whose 30 misses are one queue
 * episode tells about as much as a handful of coin flips, not 240).
 * Read as independent trials they give the probe's attainment a posterior far too narrow, and the capacity an interval
 * that misses the truth (docs/acceptance.md, "Capacity at the SLO").
 *
 * <p>The estimate is the effective sample size of a series in arrival order, n / tau, where tau = 1 + 2 x the sum of
 * its autocorrelations, truncated by Geyer's initial monotone positive sequence (Geyer 1992, "Practical Markov chain
 * Monte Carlo"; what MCMC diagnostics use for the same question): the autocorrelations are summed in adjacent pairs
 * while a pair's sum stays positive, each pair no larger than the one before. A trend within the probe (a queue still
 * building) shows as the same long correlation and shortens the count, as it should: the probe had few independent
 * looks at the queue. A constant series shows no correlation to measure: it counts as its length.
 */
public final class EffectiveTrials {
    private EffectiveTrials() {}

    /**
     * The effective number of independent values in {@code series} (in arrival order): between 1 and its length; its
     * length when every value is the same; 0 when empty.
     */
    public static double of(double[] series) {
        int n = series.length;
        if (n == 0) {
            return 0;
        }
        double mean = 0;
        for (double v : series) {
            mean += v;
        }
        mean /= n;
        double variance = 0;
        for (double v : series) {
            variance += (v - mean) * (v - mean);
        }
        variance /= n;
        if (!(variance > 1e-12 * Math.max(1, mean * mean))) {
            return n;
        }
        double pairs = 0; // tau = -1 + 2 x the sum of the pairs kept (the first pair holds lag 0, which is 1)
        double previousPair = Double.POSITIVE_INFINITY;
        for (int m = 0; 2 * m + 1 < n; m++) {
            double pair = autocorrelation(series, mean, variance, 2 * m) + autocorrelation(series, mean, variance, 2 * m + 1);
            if (!(pair > 0)) {
                break;
            }
            pair = Math.min(pair, previousPair); // initial monotone sequence
            pairs += pair;
            previousPair = pair;
        }
        double tau = Math.max(2 * pairs - 1, 1.0 / n);
        return Math.max(1, Math.min(n, n / tau));
    }

    /** The lag-{@code k} autocorrelation (the biased estimator, over n: its sum over lags stays bounded). */
    private static double autocorrelation(double[] series, double mean, double variance, int k) {
        if (k == 0) {
            return 1;
        }
        int n = series.length;
        double sum = 0;
        for (int i = 0; i + k < n; i++) {
            sum += (series[i] - mean) * (series[i + k] - mean);
        }
        return sum / n / variance;
    }
}
