package dev.infergate.sim.http;

import dev.infergate.sim.driver.DispatchLateness;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Each answered request's own delay behind the simulator's model, kept for the client that asked (by its
 * {@code X-Request-Id}) and served at {@code GET /sim/request-delays?prefix=P} as one JSON line per request:
 * {@code {"id": "<the id after P>", "first_token_ms": ..., "end_ms": ...}}.
 *
 * <p>A request's delay at a token is the engine's stalls since the request arrived that pushed that token's model
 * time back (every request in the engine waits out a stall) plus how late the token reached its connection's event
 * loop (a late step, a busy loop). Each stall is counted once: the stall of the late step that made a token itself late
 * is in that token's lateness, not in the stalls ({@code StreamTarget#onEmission} with the counter at the hand-over).
 * It is what this process measured of its own lateness on this machine, not the profile's timing, and the least the
 * machine delayed the request: a delay before the request reached its handler is not seen. A comparison takes it off
 * the figures it judges (analysis.compare.RequestLateness).
 *
 * <p>Bounded: the oldest entries go beyond {@link #CAPACITY}; a client that asks after that falls back to the
 * run-wide bound for the requests it cannot find.
 */
public final class RequestDelays {
    /** Requests kept: a long run's worth at the simulator's speeds, a few tens of megabytes at most. */
    static final int CAPACITY = 200_000;
    private final DispatchLateness lateness;
    private final Map<String, long[]> byId = new LinkedHashMap<>(1024, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, long[]> eldest) {
            return size() > CAPACITY;
        }
    };

    /** @param lateness where the engine counts its stalls */
    public RequestDelays(DispatchLateness lateness) {
        this.lateness = lateness;
    }

    /** Model time the engine has lost to stalls since it started, ns: read at a request's start and at its tokens. */
    long stalledNanos() {
        return lateness.stalledNanos();
    }

    /** Keeps one request's delays at its first token and at its end, ns; a request without an id is not kept. */
    void record(String requestId, long firstTokenNanos, long endNanos) {
        if (requestId == null) {
            return;
        }
        synchronized (byId) {
            byId.put(requestId, new long[] {Math.max(0, firstTokenNanos), Math.max(0, endNanos)});
        }
    }

    /** The kept requests whose id starts with {@code prefix}, one JSON line each, the prefix cut off the id. */
    String jsonLines(String prefix) {
        String p = prefix == null ? "" : prefix;
        StringBuilder out = new StringBuilder();
        synchronized (byId) {
            for (Map.Entry<String, long[]> e : byId.entrySet()) {
                if (e.getKey().startsWith(p)) {
                    // ids match SimRoutes.REQUEST_ID (letters, digits, . _ : -): nothing to escape in a JSON string
                    out.append(String.format(Locale.ROOT, "{\"id\":\"%s\",\"first_token_ms\":%.6f,\"end_ms\":%.6f}%n",
                            e.getKey().substring(p.length()), e.getValue()[0] / 1e6, e.getValue()[1] / 1e6));
                }
            }
        }
        return out.toString();
    }
}
