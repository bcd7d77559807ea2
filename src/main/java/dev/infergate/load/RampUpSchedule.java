package dev.infergate.load;

import dev.infergate.record.LoadDescription;
import java.time.Duration;
import java.util.PrimitiveIterator;

/**
 * A schedule whose rate rises linearly from 0 to its target over {@code rampUp}, then stays there
 * ({@code --ramp-up}). The base schedule is drawn at the target rate R in its own time u, and every offset is
 * moved to the real time t where the ramp has offered as many arrivals: with r(t) = R t / T during the ramp,
 * Λ(t) = R t² / (2T), so t = sqrt(2 T u) while u < T / 2, and t = u + T / 2 after. A Poisson base becomes a
 * Poisson process of that rising rate, a constant base a metronome that speeds up evenly, and the gaps keep
 * their kind after the ramp. A pure function of the base schedule: shards agree.
 *
 * @param base   the schedule at the target rate
 * @param rampUp how long the rate takes to reach the target, {@code > 0}
 */
public record RampUpSchedule(ArrivalSchedule base, Duration rampUp) implements ArrivalSchedule {

    public RampUpSchedule {
        if (base == null) {
            throw new IllegalArgumentException("base must not be null");
        }
        if (rampUp == null || rampUp.isNegative() || rampUp.isZero()) {
            throw new IllegalArgumentException("ramp-up (" + rampUp + ") must be > 0, e.g. 30s");
        }
    }

    /** The real offset (ns) of base offset {@code uNanos}. */
    long realNanos(long uNanos) {
        double t = rampUp.toNanos();
        double u = uNanos;
        return u < t / 2 ? Math.round(Math.sqrt(2 * t * u)) : Math.round(u + t / 2);
    }

    @Override
    public PrimitiveIterator.OfLong offsets() {
        PrimitiveIterator.OfLong it = base.offsets();
        return new PrimitiveIterator.OfLong() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public long nextLong() {
                return realNanos(it.nextLong());
            }
        };
    }

    @Override
    public LoadDescription.Arrival description() {
        return new LoadDescription.RampUp(base.description(), rampUp.toNanos() / 1e9);
    }
}
