package dev.infergate.bench;

/**
 * How the benchmark's streams' events line up in time.
 *
 * <ul>
 *   <li>{@link #SPREAD}: each request's first event is offset by a fraction of the ITL that follows from its
 *       id (golden-ratio sequence), so the streams' events interleave evenly and the offered rate is steady:
 *       this measures how exactly the client stamps each read.</li>
 *   <li>{@link #ALIGNED}: every request's events fall due at the same instants (streams started together
 *       stay in step), as when one decode step of a batch of N sequences ends: N events at once. This
 *       measures how fast the client and server drain a burst of N writes on the same cores, a worst case.</li>
 * </ul>
 */
public enum Phases {
    SPREAD, ALIGNED;

    private static final double GOLDEN_FRACTION = 0.6180339887498949;

    /** The extra delay of request {@code id}'s first event: 0 when aligned, in [0, itl) when spread. */
    public long offsetNanos(long id, long itlNanos) {
        if (this == ALIGNED || itlNanos <= 0) {
            return 0;
        }
        double fraction = (id * GOLDEN_FRACTION) % 1.0;
        return (long) (fraction * itlNanos);
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
