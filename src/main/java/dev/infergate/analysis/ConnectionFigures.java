package dev.infergate.analysis;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.record.RequestRecord;

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
    private final LatencyDistribution retryDelay = Distribution.latency();

    public void add(RequestRecord r) {
        requests++;
        if (r.client().connectionsOpened() >= 0) {
            recorded++;
            opened += r.client().connectionsOpened();
        }
        if (r.client().retries() > 0) {
            retried += r.client().retries();
            if (r.client().retryDelayNanos() != RequestRecord.ABSENT) {
                retryDelay.recordNanos(Math.max(0, r.client().retryDelayNanos()));
            }
        }
    }

    /** The {@code connections} block of summary.json; null when no record says how it used connections. */
    public Figures figures() {
        if (recorded == 0) {
            return null;
        }
        return new Figures(recorded, opened, Math.round((double) opened / recorded * 1e3) / 1e3, retried,
                retryDelay.percentiles());
    }

    /**
     * Connections the client opened and its retries: client behaviour, never server figures.
     *
     * @param requests           requests whose record says how they used connections
     * @param clientRetries      connections lost before any response byte and retried
     * @param clientRetryDelayMs the delay those retries added
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Figures(long requests, long opened, double openedPerRequest, long clientRetries,
            Percentiles clientRetryDelayMs) {}
}
