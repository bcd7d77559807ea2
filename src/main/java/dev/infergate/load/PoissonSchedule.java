package dev.infergate.load;

import dev.infergate.record.LoadDescription;
import java.util.PrimitiveIterator;

/**
 * A Poisson process: exponential gaps with mean {@code 1 / rate}, drawn from a generator seeded with
 * {@code seed} (same seed, same offsets). Request 0 is due at offset 0.
 *
 * @param ratePerSecond mean arrivals per second, {@code > 0}
 * @param seed          seed of the gap draws
 */
public record PoissonSchedule(double ratePerSecond, long seed) implements ArrivalSchedule {

    public PoissonSchedule {
        Gaps.checkRate("ratePerSecond", ratePerSecond);
    }

    @Override
    public PrimitiveIterator.OfLong offsets() {
        return new RenewalIterator(
                Gaps.sampler(ArrivalKind.POISSON, ratePerSecond, 1, Gaps.rng(seed, 0)), 0, Double.POSITIVE_INFINITY);
    }

    @Override
    public LoadDescription.Arrival description() {
        return new LoadDescription.Steady(ArrivalKind.POISSON.label(), ratePerSecond, null, seed, null);
    }
}
