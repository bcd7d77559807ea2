package dev.infergate.bench;

import java.time.Duration;

/**
 * One benchmark point: {@code streams} virtual users in a closed loop (concurrency = streams), each
 * request asking for {@code tokens} events, the first after {@code ttft}, then one every {@code itl}.
 * The first {@code warmupRounds} requests of every user are warm-up (JIT, connection set-up) and are not
 * compared; the next {@code rounds} are.
 *
 * @param streams      concurrent streams (closed-loop concurrency)
 * @param tokens       output events per request
 * @param ttft         server delay from receipt to the first event
 * @param itl          server gap between events
 * @param rounds       measured requests per stream
 * @param warmupRounds warm-up requests per stream
 * @param eventLoops   client I/O threads
 * @param phases       whether the streams' events interleave evenly or fall due together
 */
public record AccuracyPoint(int streams, int tokens, Duration ttft, Duration itl, int rounds, int warmupRounds, int eventLoops,
        Phases phases) {
    public AccuracyPoint {
        if (phases == null) {
            throw new IllegalArgumentException("phases must be given");
        }
        if (streams < 1) {
            throw new IllegalArgumentException("streams (" + streams + ") must be >= 1");
        }
        if (tokens < 1) {
            throw new IllegalArgumentException("tokens (" + tokens + ") must be >= 1");
        }
        if (ttft == null || ttft.isNegative() || itl == null || itl.isNegative()) {
            throw new IllegalArgumentException("ttft (" + ttft + ") and itl (" + itl + ") must be >= 0");
        }
        if (rounds < 1 || warmupRounds < 0) {
            throw new IllegalArgumentException("rounds (" + rounds + ") must be >= 1 and warm-up rounds ("
                    + warmupRounds + ") >= 0");
        }
        if (eventLoops < 1) {
            throw new IllegalArgumentException("event loops (" + eventLoops + ") must be >= 1");
        }
    }

    /** The event rate the point asks for once every stream is busy: streams / itl (ignoring TTFT). */
    public double offeredEventsPerSecond() {
        return itl.isZero() ? Double.POSITIVE_INFINITY : streams / (itl.toNanos() / 1e9);
    }
}
