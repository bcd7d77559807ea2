package dev.infergate.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.DoubleHistogram;
import org.HdrHistogram.Histogram;

/**
 * A distribution of one figure, kept as an HdrHistogram so it merges without loss across shards, and
 * printed as the percentiles every infergate output uses: count, mean, min, p50, p90, p95, p99, p99.9, max.
 *
 * <p>Latencies are recorded in <b>microseconds</b> (3 significant digits, up to one hour) and printed in
 * milliseconds. A tail percentile is flagged as low-sample when fewer than 10 samples lie beyond it (p99
 * wants 1,000 samples, p99.9 wants 10,000): its value is then little more than the maximum.
 */
public final class Distribution {
    /** Percentiles printed everywhere, with their JSON keys. */
    public static final List<String> KEYS = List.of("p50", "p90", "p95", "p99", "p999");
    private static final double[] PERCENTILES = {50, 90, 95, 99, 99.9};
    /** Samples wanted beyond a percentile before it is trusted. */
    public static final int TAIL_SAMPLES_WANTED = 10;

    private final Histogram micros;
    private final DoubleHistogram values;
    private final boolean latency;

    private Distribution(boolean latency) {
        this.latency = latency;
        this.micros = latency ? new Histogram(1, 3_600_000_000L, 3) : null;
        this.values = latency ? null : new DoubleHistogram(1_000_000_000L, 3);
    }

    /** A latency distribution: record nanoseconds or microseconds, printed in ms. */
    public static Distribution latency() {
        return new Distribution(true);
    }

    /** A distribution of plain positive values (e.g. tokens per second), printed as is. */
    public static Distribution values() {
        return new Distribution(false);
    }

    public void recordNanos(long nanos) {
        recordMicros(Math.round(nanos / 1e3));
    }

    public void recordMicros(long value) {
        micros.recordValue(Math.max(1, Math.min(micros.getHighestTrackableValue(), value)));
    }

    public void recordValue(double value) {
        if (value > 0 && Double.isFinite(value)) {
            values.recordValue(value);
        }
    }

    /** Adds every value of a histogram of microseconds (e.g. a request's ITL gaps). */
    public void addMicros(Histogram other) {
        micros.add(other);
    }

    /**
     * A copy of the latency histogram, in <b>microseconds</b> (for drawing the distribution, e.g. as a CDF);
     * null for a distribution of plain values.
     */
    public Histogram copyOfMicros() {
        return latency ? micros.copy() : null;
    }

    public long count() {
        return latency ? micros.getTotalCount() : values.getTotalCount();
    }

    /** The value at {@code percentile} in printed units (ms for latencies); NaN when empty. */
    public double valueAt(double percentile) {
        if (count() == 0) {
            return Double.NaN;
        }
        return latency ? micros.getValueAtPercentile(percentile) / 1e3 : values.getValueAtPercentile(percentile);
    }

    /** Whether at least {@link #TAIL_SAMPLES_WANTED} samples lie beyond {@code percentile}. */
    public static boolean enoughSamples(long count, double percentile) {
        return count * (100 - percentile) / 100 >= TAIL_SAMPLES_WANTED - 1e-9;
    }

    /** {count, mean, min, p50..p999, max, low_sample: [...]} in printed units; count 0 prints only count. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        long n = count();
        m.put("count", n);
        if (n == 0) {
            return m;
        }
        double scale = latency ? 1e3 : 1;
        m.put("mean", round(latency ? micros.getMean() / scale : values.getMean()));
        m.put("min", round(latency ? micros.getMinValue() / scale : values.getMinValue()));
        List<String> low = new java.util.ArrayList<>();
        for (int i = 0; i < PERCENTILES.length; i++) {
            m.put(KEYS.get(i), round(valueAt(PERCENTILES[i])));
            if (!enoughSamples(n, PERCENTILES[i])) {
                low.add(KEYS.get(i));
            }
        }
        m.put("max", round(latency ? micros.getMaxValue() / scale : values.getMaxValue()));
        if (!low.isEmpty()) {
            m.put("low_sample", low);
        }
        return m;
    }

    static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
