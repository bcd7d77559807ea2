package dev.infergate.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * A distribution of one figure, kept as an HdrHistogram so it merges without loss across shards, and
 * printed as the {@link Percentiles} every infergate output uses. Two kinds: {@link LatencyDistribution}
 * (recorded in microseconds, printed in milliseconds) and {@link ValueDistribution} (plain positive values such
 * as tokens per second, printed as they are).
 *
 * <p>A tail percentile is flagged as low-sample when fewer than {@value #TAIL_SAMPLES_WANTED} samples lie beyond
 * it (p99 wants 1,000 samples, p99.9 wants 10,000): its value is then little more than the maximum.
 */
public sealed interface Distribution permits LatencyDistribution, ValueDistribution {
    /** Samples wanted beyond a percentile before it is trusted. */
    int TAIL_SAMPLES_WANTED = 10;

    /** A latency distribution: record nanoseconds or microseconds, printed in ms. */
    static LatencyDistribution latency() {
        return new LatencyDistribution();
    }

    /** A distribution of plain positive values (e.g. tokens per second), printed as is. */
    static ValueDistribution values() {
        return new ValueDistribution();
    }

    long count();

    /** The value at {@code percentile} in printed units (ms for latencies); NaN when empty. */
    double valueAt(double percentile);

    /** Mean, min and max in printed units; only called when not empty. */
    double mean();

    double min();

    double max();

    /** The printed figures. */
    default Percentiles percentiles() {
        long n = count();
        if (n == 0) {
            return Percentiles.empty();
        }
        double[] at = {50, 90, 95, 99, 99.9};
        double[] v = new double[at.length];
        List<String> low = new ArrayList<>();
        for (int i = 0; i < at.length; i++) {
            v[i] = round(valueAt(at[i]));
            if (!enoughSamples(n, at[i])) {
                low.add(Percentiles.KEYS.get(i));
            }
        }
        return new Percentiles(n, round(mean()), round(min()), v[0], v[1], v[2], v[3], v[4], round(max()), low);
    }

    /** Whether at least {@link #TAIL_SAMPLES_WANTED} samples lie beyond {@code percentile}. */
    static boolean enoughSamples(long count, double percentile) {
        return count * (100 - percentile) / 100 >= TAIL_SAMPLES_WANTED - 1e-9;
    }

    /** Rounds to 3 decimals, as every printed figure is. */
    static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
