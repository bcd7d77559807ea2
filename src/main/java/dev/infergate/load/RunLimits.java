package dev.infergate.load;

import dev.infergate.record.Phase;
import java.time.Duration;

/**
 * When a run stops scheduling, and which of its requests are warm-up.
 *
 * <p>Warm-up comes first and is not part of the measured length: {@code --requests 200 --warmup 20} sends
 * 220 requests and measures the last 200; {@code --duration 60s --warmup 10s} runs for 70 s and measures the
 * last 60 s (by scheduled time). Warm-up requests are recorded but excluded from every figure.
 *
 * <p>A cool-down keeps the load on after the measured time: its arrivals are sent, recorded (phase {@code cooldown})
 * and excluded from every figure, and it ends as soon as every measured request has ended (the requests of it still
 * in flight are then cancelled: {@link RunContext#cooldownOver()}). Without it a run's last measured requests are
 * served as the load drains away, which flatters a short run: a capacity probe's last arrivals decode in a batch
 * emptying behind them. Time-limited runs only (an open loop, whose arrivals come in order).
 *
 * @param requests       measured requests to send (across all shards), 0 for no limit
 * @param duration       measured time to keep scheduling, or null for no limit
 * @param warmupRequests requests sent first as warm-up
 * @param warmupDuration time scheduled first as warm-up, or null
 * @param drainTimeout   how long to wait for requests in flight after scheduling stopped before cancelling them
 * @param cooldownDuration the most time scheduled, unmeasured, after the measured time, or null for none
 */
public record RunLimits(long requests, Duration duration, long warmupRequests, Duration warmupDuration, Duration drainTimeout,
        Duration cooldownDuration) {
    /** Limits without a cool-down. */
    public RunLimits(long requests, Duration duration, long warmupRequests, Duration warmupDuration, Duration drainTimeout) {
        this(requests, duration, warmupRequests, warmupDuration, drainTimeout, null);
    }

    public RunLimits {
        if (requests < 0) {
            throw new IllegalArgumentException("requests (" + requests + ") must be >= 0");
        }
        if (requests == 0 && duration == null) {
            throw new IllegalArgumentException("set --requests or --duration (or both): a run needs an end");
        }
        if (warmupRequests < 0) {
            throw new IllegalArgumentException("warm-up requests (" + warmupRequests + ") must be >= 0");
        }
        if (warmupRequests > 0 && warmupDuration != null) {
            throw new IllegalArgumentException("give warm-up as a request count or as a duration, not both");
        }
        if (drainTimeout == null || drainTimeout.isNegative()) {
            throw new IllegalArgumentException("drain timeout (" + drainTimeout + ") must be >= 0");
        }
        if (cooldownDuration != null && (duration == null || requests > 0 || cooldownDuration.isZero() || cooldownDuration.isNegative())) {
            throw new IllegalArgumentException("a cool-down (" + cooldownDuration + ") must be > 0 and follows a measured duration,"
                    + " not a request count");
        }
    }

    /** These limits with a cool-down of at most {@code cooldown} after the measured time (null or zero: none). */
    public RunLimits withCooldown(Duration cooldown) {
        return new RunLimits(requests, duration, warmupRequests, warmupDuration, drainTimeout,
                cooldown == null || cooldown.isZero() ? null : cooldown);
    }

    /** Whether request {@code id}, scheduled at {@code offsetNanos} from the origin, may still be sent. */
    public boolean allows(long id, long offsetNanos) {
        if (requests > 0 && id >= warmupRequests + requests) {
            return false;
        }
        return duration == null || offsetNanos < endOffsetNanos();
    }

    /** Whether request {@code id}, scheduled at {@code offsetNanos}, is warm-up. */
    public boolean isWarmup(long id, long offsetNanos) {
        return id < warmupRequests || offsetNanos < warmupNanos();
    }

    /** The phase of request {@code id}, scheduled at {@code offsetNanos}: warm-up, measured, or cool-down after the measured time. */
    public Phase phase(long id, long offsetNanos) {
        if (isWarmup(id, offsetNanos)) {
            return Phase.WARMUP;
        }
        return cooldownDuration != null && offsetNanos >= measuredEndOffsetNanos() ? Phase.COOLDOWN : Phase.MEASURED;
    }

    private long warmupNanos() {
        return warmupDuration == null ? 0 : warmupDuration.toNanos();
    }

    /** The last moment (offset from the origin) scheduling may go on, cool-down included, or Long.MAX_VALUE. */
    public long endOffsetNanos() {
        return duration == null ? Long.MAX_VALUE
                : measuredEndOffsetNanos() + (cooldownDuration == null ? 0 : cooldownDuration.toNanos());
    }

    /** Where the measured time ends (offset from the origin), or Long.MAX_VALUE without a duration. */
    public long measuredEndOffsetNanos() {
        return duration == null ? Long.MAX_VALUE : warmupNanos() + duration.toNanos();
    }
}
