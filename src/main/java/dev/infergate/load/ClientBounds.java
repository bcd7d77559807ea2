package dev.infergate.load;

/**
 * What one client takes on at most, so that no schedule can exhaust its memory: an open loop at
 * {@code --rate 1e12} once put 317,135 requests in flight and ended in {@code OutOfMemoryError}. Each bound is
 * the client's: a request it cannot take on is recorded as {@code not_sent} (the client's outcome, never a
 * server failure; docs/metrics.md, "The client's bounds"), and a schedule no client can send is refused at start.
 */
public final class ClientBounds {
    /**
     * Requests an open loop keeps in flight when {@code --max-concurrency} is not given. It is the size of the
     * connection pool a run opens when the load names no cap ({@code RunService}): beyond it requests waited
     * for a connection anyway, in Vert.x's unbounded pool queue, unseen. Now they wait in the client's own
     * queue, and that wait is recorded (queue wait). A streaming request in flight holds its connection, its
     * exchange and its partial answer: a few tens of KiB of heap, so 4,096 of them fit in a 256 MiB heap.
     */
    public static final int DEFAULT_MAX_IN_FLIGHT = 4_096;

    /**
     * Requests that may wait for a slot ({@code --max-queued}); a waiting request is a small object (about
     * 150 bytes: its id, its scheduled time, how to build it), so 65,536 are about 10 MiB. A request arriving
     * with the queue full is recorded at once as {@code not_sent}.
     */
    public static final int DEFAULT_MAX_QUEUED = 65_536;

    /**
     * The highest {@code --rate} one client is asked to send, per shard. One scheduler thread builds and
     * hands over each request; at 100,000 requests a second it has 10 µs for each, about what it needs on a
     * fast core. A higher rate would not be offered as asked, and at {@code --rate 1e12} the schedule alone
     * (one record per request) could never be written: it is refused at start, with the way out (--shard).
     */
    public static final double MAX_RATE_PER_S = 100_000;

    private ClientBounds() {}
}
