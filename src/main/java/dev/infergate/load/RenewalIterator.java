package dev.infergate.load;

import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;
import java.util.function.DoubleSupplier;

/**
 * Offsets of a renewal process: the first arrival at {@code startNanos}, each next one a drawn gap later,
 * until {@code endNanos} (exclusive). Time is accumulated as a double and rounded per offset, so rounding
 * never accumulates (doubles hold nanoseconds exactly for runs of over 100 days). A constant rate is
 * computed as {@code start + n * 1e9 / rate} instead, so its offsets are exact whatever n.
 */
final class RenewalIterator implements PrimitiveIterator.OfLong {
    private final DoubleSupplier gapNanos;
    private final double constantRatePerSecond;
    private final double startNanos;
    private final double endNanos;
    private double nextNanos;
    private long count;

    private RenewalIterator(DoubleSupplier gapNanos, double constantRatePerSecond, double startNanos, double endNanos) {
        this.gapNanos = gapNanos;
        this.constantRatePerSecond = constantRatePerSecond;
        this.startNanos = startNanos;
        this.nextNanos = startNanos;
        this.endNanos = endNanos;
    }

    /** Arrivals a drawn gap apart. */
    RenewalIterator(DoubleSupplier gapNanos, double startNanos, double endNanos) {
        this(gapNanos, Double.NaN, startNanos, endNanos);
    }

    /** Arrivals exactly {@code 1 / ratePerSecond} apart. */
    static RenewalIterator constant(double ratePerSecond, double startNanos, double endNanos) {
        return new RenewalIterator(null, ratePerSecond, startNanos, endNanos);
    }

    @Override
    public boolean hasNext() {
        return nextNanos < endNanos;
    }

    @Override
    public long nextLong() {
        if (!hasNext()) {
            throw new NoSuchElementException("the schedule has ended");
        }
        long offset = Math.round(nextNanos);
        count++;
        nextNanos = gapNanos == null
                ? startNanos + count * Gaps.NANOS_PER_SECOND / constantRatePerSecond
                : nextNanos + gapNanos.getAsDouble();
        return offset;
    }
}
