package dev.infergate.sim.driver;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * How late tokens reached their connection's event loop: for every delivered emission, the time its
 * handler reached the token minus the time the model meant it to leave ({@code Emission.atNanos}). This is the
 * simulator's own error against its model; a benchmark quoting simulator results should quote it too.
 *
 * <p>Also the engine's stalls: model time lost when the engine thread fell so far behind its step timeline (a GC
 * pause, a machine with no core to spare) that the timeline restarted from now ({@link RealTimeDriver}). A stalled
 * simulator serves less than its profile says, which no client can see from its side of the connection.
 */
public final class DispatchLateness {
    private static final long HIGHEST_TRACKABLE_NANOS = 60_000_000_000L;
    private final ConcurrentHistogram nanos = new ConcurrentHistogram(HIGHEST_TRACKABLE_NANOS, 3);
    private final LongAdder stalledNanos = new LongAdder();

    /** Records one lateness; early deliveries count as 0, values beyond a minute as a minute. */
    public void recordNanos(long latenessNanos) {
        nanos.recordValue(Math.max(0, Math.min(HIGHEST_TRACKABLE_NANOS, latenessNanos)));
    }

    /** Records model time the engine lost to one stall; non-positive values are ignored. */
    public void recordStallNanos(long lostNanos) {
        if (lostNanos > 0) {
            stalledNanos.add(lostNanos);
        }
    }

    /** Model time lost to stalls since the start, in nanoseconds. */
    public long stalledNanos() {
        return stalledNanos.sum();
    }

    /** A copy of everything recorded so far, in nanoseconds. */
    public Histogram snapshotNanos() {
        return nanos.copy();
    }
}
