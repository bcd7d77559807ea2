package dev.infergate.load;

import dev.infergate.record.LoadDescription;
import java.util.Optional;
import java.util.PrimitiveIterator;

/**
 * Open loop: requests start at their arrival times from an {@link ArrivalSchedule}, whether or not earlier
 * ones finished. With {@code maxConcurrency > 0}, a request that arrives while that many are in flight waits
 * in the client; its wait is recorded (queue wait) and its latency is also reported from its arrival time,
 * so neither a saturated server nor a slow client can hide (no coordinated omission).
 *
 * <p>The scheduling thread parks until each arrival time ({@link RunClock#waitUntil}); it never sends late without saying so, because
 * the scheduled mark is the arrival time, not the moment the thread woke up.
 */
public record OpenLoop(ArrivalSchedule schedule, int maxConcurrency, int maxQueued) implements LoadModel {
    /** An open loop whose queue holds {@link ClientBounds#DEFAULT_MAX_QUEUED} requests. */
    public OpenLoop(ArrivalSchedule schedule, int maxConcurrency) {
        this(schedule, maxConcurrency, ClientBounds.DEFAULT_MAX_QUEUED);
    }

    public OpenLoop {
        if (maxQueued < 0) {
            throw new IllegalArgumentException("max queued (" + maxQueued + ") must be >= 0");
        }
        if (schedule == null) {
            throw new IllegalArgumentException("schedule must not be null");
        }
        if (maxConcurrency < 0) {
            throw new IllegalArgumentException("max concurrency (" + maxConcurrency + ") must be >= 0 (0: unlimited)");
        }
    }

    @Override
    public void schedule(RunContext run) {
        PrimitiveIterator.OfLong offsets = schedule.offsets();
        long id = 0;
        while (offsets.hasNext() && !run.stopped()) {
            long offset = offsets.nextLong();
            long current = id++;
            if (!run.limits().allows(current, offset)) {
                return;
            }
            if (!run.shard().owns(current)) {
                continue;
            }
            long due = run.originNanos() + offset;
            run.clock().waitUntil(due, run::stopped);
            if (run.stopped()) {
                return;
            }
            run.send(current, due, null);
        }
    }

    @Override
    public Kind kind() {
        return Kind.OPEN;
    }

    @Override
    public Optional<ArrivalSchedule> arrivals() {
        return Optional.of(schedule);
    }

    @Override
    public OpenLoop withArrivals(ArrivalSchedule arrivals) {
        return new OpenLoop(arrivals, maxConcurrency, maxQueued);
    }

    @Override
    public int maxInFlight() {
        return maxConcurrency;
    }

    /**
     * {@code maxConcurrency}, or {@link ClientBounds#DEFAULT_MAX_IN_FLIGHT} when none was given: arrivals beyond
     * it wait in the client, and their wait is recorded. No open loop is without a cap: an arrival rate above
     * what the server finishes would otherwise grow the client's heap until it ran out.
     */
    @Override
    public int clientConcurrencyCap() {
        return maxConcurrency == 0 ? ClientBounds.DEFAULT_MAX_IN_FLIGHT : maxConcurrency;
    }

    @Override
    public int clientQueueLimit() {
        return maxQueued;
    }

    @Override
    public RunLimits limits(RunLimits asked) {
        return asked;
    }

    @Override
    public LoadDescription description() {
        return new LoadDescription.Open(kind().mode(), schedule.description(), maxConcurrency == 0 ? null : maxConcurrency);
    }
}
