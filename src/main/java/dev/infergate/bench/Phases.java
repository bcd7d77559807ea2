package dev.infergate.bench;

/**
 * How the benchmark's streams' events line up in time.
 *
 * <ul>
 *   <li>{@link #SPREAD}: each request's first event is offset by a fraction of the ITL that follows from its
 *       id (golden-ratio sequence), so the streams' events interleave evenly, and its length is between 75 %
 *       and 125 % of the asked tokens (another low-discrepancy sequence, mean as asked), so streams that
 *       started together do not also finish and restart together: the offered rate is steady, and the
 *       benchmark measures how exactly the client stamps each read.</li>
 *   <li>{@link #ALIGNED}: every request's events fall due at the same instants (streams started together
 *       stay in step), as when one decode step of a batch of N sequences ends: N events at once. This
 *       measures how fast the client and server drain a burst of N writes on the same cores, a worst case.
 *       Every request has the asked length, so a closed loop's streams also restart together.</li>
 * </ul>
 */
public enum Phases {
    SPREAD, ALIGNED;

    private static final double GOLDEN_FRACTION = 0.6180339887498949;
    /** sqrt(2) - 1: a second sequence, so a request's length does not follow from its phase. */
    private static final double SILVER_FRACTION = 0.41421356237309515;

    /** The extra delay of request {@code id}'s first event: 0 when aligned, in [0, itl) when spread. */
    public long offsetNanos(long id, long itlNanos) {
        if (this == ALIGNED || itlNanos <= 0) {
            return 0;
        }
        double fraction = (id * GOLDEN_FRACTION) % 1.0;
        return (long) (fraction * itlNanos);
    }

    /** The output events of request {@code id}: {@code tokens} when aligned, 75-125 % of it when spread. */
    public int tokens(long id, int tokens) {
        if (this == ALIGNED) {
            return tokens;
        }
        double fraction = (id * SILVER_FRACTION) % 1.0;
        return Math.max(1, (int) Math.round(tokens * (0.75 + 0.5 * fraction)));
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
