package dev.infergate.analysis.capacity;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * How many independent trials a probe's requests are worth ({@link Measurement#effectiveSent()}: the smaller of
 * {@link #of} their queue waits and {@link #fromMargins} their margins to the SLO). A probe's requests are not
 * independent: near the capacity a queue builds and drains, every arrival while it stands waits behind it, and misses come in runs (a 10 s probe of 240 requests whose 30 misses are one queue
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

    /**
     * How many binomial trials a probe's margins are worth: the trials that would pin its attainment as tightly as the
     * margins do. {@code logShares} holds, in arrival order, the log of the share of the SLO each request used (0 at the
     * limit, below it a hold, above a miss: {@link dev.infergate.analysis.Slo#shareUsed}). Its independent looks are
     * {@link #of} that series (a decode batch's wave, a queue's episode: one look, however many requests sampled it). Read
     * as a normal spread of mean m and deviation s, the attainment is Phi(z) with z = -m / s, and z is known to a variance
     * of about (1 + z^2 / 2) / looks (the mean's and the deviation's error); the binomial trials with the same variance
     * of the attainment are looks x Phi(z) Phi(-z) / (phi(z)^2 (1 + z^2 / 2)). At the limit (z near 0 to 1.6) that is
     * about 1.5-1.9 looks: a hold at 24.9 ms of a 25 ms target tells little more than whether it held; far from it the
     * margins settle the attainment (z = 3: 12 looks' worth; z = 4: 200), capped at the requests, what they would be
     * worth as independent outcomes. A series with no spread counts as its length.
     *
     * <p>What the margins cannot see is where the spread is going: a queue that builds from idle over tens of seconds
     * sits far from a TTFT target through a short probe that would miss it in a long run. {@link Measurement} therefore
     * takes the smaller of this and the looks of the queue waits ({@link #of}).
     */
    public static double fromMargins(double[] logShares) {
        int n = logShares.length;
        if (n == 0) {
            return 0;
        }
        double mean = Arrays.stream(logShares).average().orElseThrow();
        double variance = 0;
        for (double v : logShares) {
            variance += (v - mean) * (v - mean);
        }
        double sd = n < 2 ? 0 : Math.sqrt(variance / (n - 1));
        if (!(sd > 1e-9)) {
            return n;
        }
        double looks = of(logShares);
        return Math.max(looks, Math.min(n, looks * informationRatio(-mean / sd)));
    }

    /** Phi(z) Phi(-z) / (phi(z)^2 (1 + z^2 / 2)): binomial trials per look of a normal spread whose attainment is Phi(z). */
    static double informationRatio(double z) {
        double a = Math.abs(z);
        if (a > 30) {
            return Double.POSITIVE_INFINITY;
        }
        double tail = STANDARD_NORMAL.survivalProbability(a);
        double density = STANDARD_NORMAL.density(a);
        return (1 - tail) * tail / (density * density * (1 + a * a / 2));
    }

    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

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
