package dev.infergate.load;

import dev.infergate.record.LoadDescription;
import java.util.PrimitiveIterator;

/**
 * Arrivals exactly {@code 1 / rate} apart: request n is due at {@code round(n * 1e9 / rate)} nanoseconds.
 *
 * @param ratePerSecond arrivals per second, {@code > 0}
 */
public record ConstantRateSchedule(double ratePerSecond) implements ArrivalSchedule {

    public ConstantRateSchedule {
        Gaps.checkRate("ratePerSecond", ratePerSecond);
    }

    @Override
    public PrimitiveIterator.OfLong offsets() {
        return RenewalIterator.constant(ratePerSecond, 0, Double.POSITIVE_INFINITY);
    }

    @Override
    public LoadDescription.Arrival description() {
        return new LoadDescription.Steady(ArrivalKind.CONSTANT.label(), ratePerSecond, null, null, null);
    }
}
