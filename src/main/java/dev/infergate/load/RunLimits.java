package dev.infergate.load;

import java.time.Duration;

/**
 * When a run stops scheduling, and which of its requests are warm-up.
 *
 * <p>Warm-up comes first and is not part of the measured length: {@code --requests 200 --warmup 20} sends
 * 220 requests and measures the last 200; {@code --duration 60s --warmup 10s} runs for 70 s and measures the
 * last 60 s (by scheduled time). Warm-up requests are recorded but excluded from every figure.
 *
 * @param requests       measured requests to send (across all shards), 0 for no limit
 * @param duration       measured time to keep scheduling, or null for no limit
 * @param warmupRequests requests sent first as warm-up
 * @param warmupDuration time scheduled first as warm-up, or null
 * @param drainTimeout   how long to wait for requests in flight after scheduling stopped before cancelling them
 */
public record RunLimits(long requests, Duration duration, long warmupRequests, Duration warmupDuration, Duration drainTimeout) {
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
    }

    /** Whether request {@code id}, scheduled at {@code offsetNanos} from the origin, may still be sent. */
    public boolean allows(long id, long offsetNanos) {
        if (requests > 0 && id >= warmupRequests + requests) {
            return false;
        }
        return duration == null || offsetNanos < warmupNanos() + duration.toNanos();
    }

    /** Whether request {@code id}, scheduled at {@code offsetNanos}, is warm-up. */
    public boolean isWarmup(long id, long offsetNanos) {
        return id < warmupRequests || offsetNanos < warmupNanos();
    }

    private long warmupNanos() {
        return warmupDuration == null ? 0 : warmupDuration.toNanos();
    }

    /** The last moment (offset from the origin) scheduling may go on, or Long.MAX_VALUE. */
    public long endOffsetNanos() {
        return duration == null ? Long.MAX_VALUE : warmupNanos() + duration.toNanos();
    }
}
