package dev.infergate.bench;

/**
 * How far one quantity strays from zero: the signed median (bias) and the tail of its absolute value.
 * Tail percentiles are nearest-rank over all samples.
 *
 * @param count          samples
 * @param medianNanos    signed median, nanoseconds (a bias: positive = late)
 * @param p99AbsNanos    99th percentile of the absolute value, nanoseconds
 * @param p999AbsNanos   99.9th percentile of the absolute value, nanoseconds
 * @param maxAbsNanos    largest absolute value, nanoseconds
 */
public record Spread(long count, long medianNanos, long p99AbsNanos, long p999AbsNanos, long maxAbsNanos) {
    public static final Spread EMPTY = new Spread(0, 0, 0, 0, 0);

    public Spread {
        if (count < 0) {
            throw new IllegalArgumentException("count (" + count + ") must be >= 0");
        }
        if (p99AbsNanos < 0 || p999AbsNanos < p99AbsNanos || maxAbsNanos < p999AbsNanos) {
            throw new IllegalArgumentException("tail (p99 " + p99AbsNanos + ", p99.9 " + p999AbsNanos + ", max "
                    + maxAbsNanos + ") must be >= 0 and non-decreasing");
        }
    }

    /** Whether the p99 of the absolute value is within {@code limitNanos}. */
    public boolean p99Within(long limitNanos) {
        return count > 0 && p99AbsNanos <= limitNanos;
    }
}
