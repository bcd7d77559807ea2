package dev.infergate.sim.engine;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.DoubleAdder;

/**
 * A Prometheus-style cumulative histogram of seconds with fixed upper bounds. One thread records, any thread
 * reads; a reader may see a sample in the count a moment before it shows in the sum.
 */
public final class LatencyHistogram {
    /** vLLM's buckets for {@code vllm:time_to_first_token_seconds}. */
    public static final double[] TTFT_BOUNDS = {0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5,
        0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0, 160.0, 640.0, 2560.0};
    /** vLLM's buckets for request-level latencies (queue time, end-to-end). */
    public static final double[] REQUEST_BOUNDS = {0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0, 15.0, 20.0,
        30.0, 40.0, 50.0, 60.0, 120.0, 240.0, 480.0, 960.0, 1920.0, 7680.0};

    private final double[] upperBoundsSeconds;
    private final AtomicLongArray counts;
    private final DoubleAdder sumSeconds = new DoubleAdder();

    public LatencyHistogram(double[] upperBoundsSeconds) {
        this.upperBoundsSeconds = upperBoundsSeconds.clone();
        this.counts = new AtomicLongArray(upperBoundsSeconds.length + 1);
    }

    public void recordNanos(long nanos) {
        double seconds = nanos / 1e9;
        int i = 0;
        while (i < upperBoundsSeconds.length && seconds > upperBoundsSeconds[i]) {
            i++;
        }
        counts.incrementAndGet(i);
        sumSeconds.add(seconds);
    }

    public double[] upperBoundsSeconds() {
        return upperBoundsSeconds.clone();
    }

    /** Cumulative counts per bound, then the total (the {@code +Inf} bucket) last. */
    public long[] cumulativeCounts() {
        long[] out = new long[counts.length()];
        long running = 0;
        for (int i = 0; i < out.length; i++) {
            running += counts.get(i);
            out[i] = running;
        }
        return out;
    }

    public double sumSeconds() {
        return sumSeconds.sum();
    }
}
