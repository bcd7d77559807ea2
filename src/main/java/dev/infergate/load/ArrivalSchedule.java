package dev.infergate.load;

import dev.infergate.record.LoadDescription;
import java.util.PrimitiveIterator;

/**
 * An open-loop arrival schedule: when requests 0, 1, 2, ... are due, as offsets in nanoseconds from the
 * run origin (the moment the schedule starts; every worker of a sharded run shares it).
 *
 * <p>The offsets are a pure function of the schedule's parameters and seed: the same schedule yields the
 * same offsets on every call of {@link #offsets()}, in every JVM, so sharded workers that each walk the
 * whole schedule agree on every request's due time (see {@link Shard}). Request 0 is due at offset 0 (or at
 * its segment's start, see {@link PiecewiseSchedule}); offsets never decrease.
 *
 * <p>These are the {@code scheduled} marks of docs/metrics.md: latency measured from them includes any time
 * the client fell behind, which is what keeps open-loop results free of coordinated omission.
 */
public interface ArrivalSchedule {

    /**
     * A new iterator over the due offsets (nanoseconds) of requests 0, 1, 2, ...; the n-th value is request
     * n's. Each call starts over from request 0. Infinite unless the schedule has an end (a piecewise
     * schedule ends with its last segment); the run loop decides when to stop (duration or request count).
     */
    PrimitiveIterator.OfLong offsets();

    /** Describes the schedule for run.json's {@code load} block. */
    LoadDescription.Arrival description();


    /**
     * A schedule of one arrival kind at a steady rate.
     *
     * @param kind          how gaps are drawn
     * @param ratePerSecond mean arrivals per second, {@code > 0}
     * @param burstiness    gamma shape, used only by {@link ArrivalKind#GAMMA} ({@code > 0})
     * @param seed          seed of the gap draws (ignored by {@link ArrivalKind#CONSTANT})
     */
    static ArrivalSchedule of(ArrivalKind kind, double ratePerSecond, double burstiness, long seed) {
        return switch (kind) {
            case CONSTANT -> new ConstantRateSchedule(ratePerSecond);
            case POISSON -> new PoissonSchedule(ratePerSecond, seed);
            case GAMMA -> new GammaSchedule(ratePerSecond, burstiness, seed);
        };
    }
}
