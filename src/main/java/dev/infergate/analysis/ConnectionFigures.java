package dev.infergate.analysis;

import dev.infergate.record.RequestRecord;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How the client used connections over a run's measured requests: connections opened per request, and the
 * requests the client sent again because a kept-alive connection was lost before any response byte came back.
 * These are the client's figures: they explain a run (a server that closes after every stream costs a connection
 * per request) and never enter a server figure. The time a retry lost is in queue wait, not in TTFT.
 */
public final class ConnectionFigures {
    private long requests;
    private long recorded;
    private long opened;
    private long retried;
    private final Distribution retryDelay = Distribution.latency();

    public void add(RequestRecord r) {
        requests++;
        if (r.connectionsOpened() >= 0) {
            recorded++;
            opened += r.connectionsOpened();
        }
        if (r.clientRetries() > 0) {
            retried += r.clientRetries();
            if (r.clientRetryDelayNanos() != RequestRecord.ABSENT) {
                retryDelay.recordNanos(Math.max(0, r.clientRetryDelayNanos()));
            }
        }
    }

    /** The {@code connections} block of summary.json; null when no record says how it used connections. */
    public Map<String, Object> toMap() {
        if (recorded == 0) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("requests", recorded);
        m.put("opened", opened);
        m.put("opened_per_request", Math.round((double) opened / recorded * 1e3) / 1e3);
        m.put("client_retries", retried);
        m.put("client_retry_delay_ms", retryDelay.toMap());
        return m;
    }
}
