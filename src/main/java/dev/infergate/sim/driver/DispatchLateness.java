package dev.infergate.sim.driver;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * How late tokens reached their connection's event loop: for every delivered emission, the time its
 * handler reached the token minus the time the model meant it to leave ({@code Emission.atNanos}). This is the
 * simulator's own error against its model; a benchmark quoting simulator results should quote it too.
 */
public final class DispatchLateness {
    private static final long HIGHEST_TRACKABLE_NANOS = 60_000_000_000L;
    private final ConcurrentHistogram nanos = new ConcurrentHistogram(HIGHEST_TRACKABLE_NANOS, 3);

    /** Records one lateness; early deliveries count as 0, values beyond a minute as a minute. */
    public void recordNanos(long latenessNanos) {
        nanos.recordValue(Math.max(0, Math.min(HIGHEST_TRACKABLE_NANOS, latenessNanos)));
    }

    /** A copy of everything recorded so far, in nanoseconds. */
    public Histogram snapshotNanos() {
        return nanos.copy();
    }
}
