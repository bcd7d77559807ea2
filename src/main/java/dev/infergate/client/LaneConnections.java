package dev.infergate.client;

import io.vertx.core.http.HttpConnection;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The connections of one lane as the client has used them: when each last finished a response, whether the
 * server announced it would close it, whether it is busy. Confined to the lane's event loop: no locks.
 *
 * <p>Vert.x's pool hands out any idle connection; this is where the client decides whether that connection may
 * carry the request ({@link #usable}), closes the ones idle for too long ({@link #sweep}) and tells the
 * {@link ConnectionPolicy} when the server closed one it did not say it would close.
 */
final class LaneConnections {
    private static final long ABSENT = -1L;
    private static final Pattern KEEP_ALIVE_TIMEOUT = Pattern.compile("(?i)(?:^|[,;\\s])timeout\\s*=\\s*(\\d{1,6})");

    private final ConnectionPolicy policy;
    private final Map<HttpConnection, Tracked> connections = new IdentityHashMap<>();
    /** Told which pooled connections of this lane can carry a request, so it can choose lanes by idle connections. */
    private final LaneBalancer balancer;
    private final int lane;
    /** Responses ended on this lane so far, counted on its event loop: a sequence, not a clock. */
    private long endsSeen;

    /** One connection's use so far. */
    static final class Tracked {
        final HttpConnection connection;
        final boolean pooled;
        /** Where its response bodies are read off the pipeline, or null when Vert.x hands them over ({@link BodyTap}). */
        final BodyTap tap;
        int served;
        int active;
        boolean begun;
        long lastEndNanos = ABSENT;
        /** The lane's {@link #endsSeen} count when its last response ended: orders ends and asks on the event loop. */
        long lastEndSeq = ABSENT;
        int keepAliveSeconds = -1;
        /** The client closes it, or the server said {@code Connection: close}: its close teaches nothing. */
        boolean closing;
        boolean closed;
        /** Counted as one of the lane's pooled connections by the {@link LaneBalancer} (until it closes or is closing). */
        boolean counted;

        Tracked(HttpConnection connection, boolean pooled) {
            this.connection = connection;
            this.pooled = pooled;
            this.tap = BodyTap.install(connection);
        }

        /** Whether it carried an earlier request: only then can it be stale. */
        boolean reused() {
            return served > 0;
        }
    }

    LaneConnections(ConnectionPolicy policy) {
        this(policy, null, 0);
    }

    /** The connections of {@code lane}, told to {@code balancer} (null: none) as they open and go. */
    LaneConnections(ConnectionPolicy policy, LaneBalancer balancer, int lane) {
        this.policy = policy;
        this.balancer = balancer;
        this.lane = lane;
    }

    ConnectionPolicy policy() {
        return policy;
    }

    /** The state of {@code connection}, tracked from its first use on; {@code pooled} false for a fresh one of our own. */
    Tracked track(HttpConnection connection, boolean pooled) {
        Tracked t = connections.get(connection);
        if (t == null) {
            Tracked created = new Tracked(connection, pooled);
            connections.put(connection, created);
            policy.opened();
            connection.closeHandler(v -> closed(created, System.nanoTime()));
            if (pooled && balancer != null) {
                created.counted = true;
                balancer.connectionOpened(lane);
            }
            t = created;
        }
        return t;
    }

    /** Whether {@code t} may carry a request now: open, not announced closing, not idle beyond the limit. */
    boolean usable(Tracked t, long nowNanos) {
        return !t.closed && !t.closing
                && (t.lastEndNanos == ABSENT || nowNanos - t.lastEndNanos < policy.idleLimitNanos(t.keepAliveSeconds));
    }

    /** A request goes out on {@code t}; true when it is the connection's first, so that request opened it. */
    boolean begin(Tracked t) {
        boolean first = !t.begun;
        t.begun = true;
        t.active++;
        return first;
    }

    /** A response on {@code t} ended at {@code nowNanos}; the headers say whether the server keeps it and for how long. */
    void ended(Tracked t, long nowNanos, String connectionHeader, String keepAliveHeader) {
        t.active = Math.max(0, t.active - 1);
        t.served++;
        t.lastEndNanos = nowNanos;
        t.lastEndSeq = ++endsSeen;
        if (connectionHeader != null && connectionHeader.toLowerCase(java.util.Locale.ROOT).contains("close")) {
            t.closing = true;
            uncount(t);
        }
        int seconds = keepAliveTimeoutSeconds(keepAliveHeader);
        if (seconds >= 0) {
            t.keepAliveSeconds = seconds;
        }
        if (!t.pooled) {
            closeByClient(t);
        }
    }

    /** The request on {@code t} failed; Vert.x closes or recycles the connection itself. */
    void failed(Tracked t) {
        t.active = Math.max(0, t.active - 1);
        t.closing = true; // a connection that lost a request carries no other
        uncount(t);
        if (!t.pooled) {
            closeByClient(t);
        }
    }

    /** A request written at {@code sentNanos} on reused {@code t} was lost before any response byte: a stale connection. */
    void lostUnanswered(Tracked t, long sentNanos) {
        if (t.lastEndNanos != ABSENT) {
            policy.serverClosed(Math.max(0, sentNanos - t.lastEndNanos));
        }
    }

    void closeByClient(Tracked t) {
        t.closing = true;
        uncount(t);
        if (!t.closed) {
            t.connection.close();
        }
    }

    /** Closes every idle connection that reached its idle limit, before the server closes it under a request. */
    void sweep(long nowNanos) {
        for (Tracked t : new ArrayList<>(connections.values())) {
            if (t.active == 0 && !t.closing && !t.closed && !usable(t, nowNanos)) {
                policy.closedIdle();
                closeByClient(t);
            }
        }
    }

    private void closed(Tracked t, long nowNanos) {
        t.closed = true;
        uncount(t);
        connections.remove(t.connection);
        if (!t.closing && t.active == 0 && t.lastEndNanos != ABSENT) {
            policy.serverClosed(nowNanos - t.lastEndNanos);
        }
    }

    /** Where the lane's sequence of ended responses stands now: taken when a request asks the pool for a connection. */
    long endsSeen() {
        return endsSeen;
    }

    /**
     * Whether the pool handed {@code t} to a request that asked when the lane had seen {@code askedAtEnds} ends:
     * true when {@code t}'s last response ended after the ask, so the request waited for a busy connection.
     */
    static boolean waitedForBusy(Tracked t, long askedAtEnds) {
        return t.lastEndSeq != ABSENT && t.lastEndSeq > askedAtEnds;
    }

    /** The balancer no longer counts {@code t} as able to carry a request. */
    private void uncount(Tracked t) {
        if (t.counted) {
            t.counted = false;
            balancer.connectionGone(lane);
        }
    }

    int size() {
        return connections.size();
    }

    /** The {@code timeout=N} of a {@code Keep-Alive} header in seconds, or -1. */
    static int keepAliveTimeoutSeconds(String header) {
        if (header == null) {
            return -1;
        }
        Matcher m = KEEP_ALIVE_TIMEOUT.matcher(header);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }
}
