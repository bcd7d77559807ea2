package dev.infergate.load;

import java.util.LinkedHashMap;
import java.util.Map;
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
    public Map<String, Object> describe() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("arrival", ArrivalKind.CONSTANT.label());
        map.put("rate_per_second", ratePerSecond);
        return map;
    }
}
