package dev.infergate.client;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * When a pooled connection may carry another request, learned from how the server treats connections. Shared by
 * every lane of one {@link HttpExecutor}; thread-safe.
 *
 * <p>Why: a server that closes a connection while the client writes the next request onto it makes that request
 * fail without ever reaching the server. Counted as a server error, such a client artefact decided whole
 * comparisons (llama-server closes after every stream although its headers say {@code Keep-Alive: timeout=5};
 * uvicorn closes idle connections after 5 s). So:
 * <ul>
 *   <li>an idle connection is closed by the client before {@link #idleLimitNanos()}: the option
 *       ({@code --idle-connection-timeout}, default {@link #DEFAULT_IDLE}, below the common 5 s server default),
 *       a server's {@code Keep-Alive: timeout=N} less a margin, and half the idle time after which this server was
 *       seen closing an idle connection, whichever is shortest;</li>
 *   <li>a server seen closing connections right after a response ({@value #CLOSES_TO_LEARN} times, without saying
 *       {@code Connection: close}) gets every further request on a fresh connection ({@link #freshConnections()});</li>
 *   <li>a request lost on a reused connection before any response byte came back was never served: it is sent
 *       again once on a fresh connection (see {@link Exchange}) and counted here.</li>
 * </ul>
 */
public final class ConnectionPolicy {
    /** Below the shortest common server idle timeout (uvicorn, llama-server: 5 s). */
    public static final Duration DEFAULT_IDLE = Duration.ofSeconds(4);
    /** A close this soon after a response ended is the server closing after the response, not an idle close. */
    static final long CLOSE_AFTER_RESPONSE_NANOS = 100_000_000L;
    /** Closes after a response seen before every request goes on a fresh connection: one could be chance. */
    static final int CLOSES_TO_LEARN = 2;
    /** Never keep a connection idle for less than this: a shorter limit means a fresh connection per request. */
    private static final long MIN_IDLE_NANOS = 10_000_000L;

    private final long optionIdleNanos;
    private final AtomicLong learnedIdleNanos = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong closesAfterResponse = new AtomicLong();
    private final AtomicLong idleClosesSeen = new AtomicLong();
    private final AtomicLong opened = new AtomicLong();
    private final AtomicLong retries = new AtomicLong();
    private final AtomicLong closedIdleByClient = new AtomicLong();
    private volatile boolean fresh;

    /** @param idleConnectionTimeout how long an idle pooled connection is kept at most; must be > 0 */
    public ConnectionPolicy(Duration idleConnectionTimeout) {
        if (idleConnectionTimeout == null || idleConnectionTimeout.isNegative() || idleConnectionTimeout.isZero()) {
            throw new IllegalArgumentException("idle connection timeout (" + idleConnectionTimeout + ") must be > 0");
        }
        this.optionIdleNanos = idleConnectionTimeout.toNanos();
    }

    /** Whether every request should go on a fresh connection, closed after its response. */
    public boolean freshConnections() {
        return fresh;
    }

    /** The longest a connection may stay idle before the client closes it, for a server that did not say. */
    long idleLimitNanos() {
        return Math.max(MIN_IDLE_NANOS, Math.min(optionIdleNanos, learnedIdleNanos.get()));
    }

    /** The idle limit of a connection whose server said {@code Keep-Alive: timeout=seconds}: 1 s less, at least half. */
    long idleLimitNanos(int keepAliveSeconds) {
        if (keepAliveSeconds < 0) {
            return idleLimitNanos();
        }
        long advertised = keepAliveSeconds * 1_000_000_000L;
        long margin = Math.max(advertised / 2, advertised - 1_000_000_000L);
        return Math.max(MIN_IDLE_NANOS, Math.min(idleLimitNanos(), margin));
    }

    /** The server closed a connection {@code idleNanos} after its last response ended, without saying so. */
    void serverClosed(long idleNanos) {
        if (idleNanos < CLOSE_AFTER_RESPONSE_NANOS) {
            if (closesAfterResponse.incrementAndGet() >= CLOSES_TO_LEARN) {
                fresh = true;
            }
        } else {
            idleClosesSeen.incrementAndGet();
            learnedIdleNanos.accumulateAndGet(idleNanos / 2, Math::min);
        }
    }

    void opened() {
        opened.incrementAndGet();
    }

    void retried() {
        retries.incrementAndGet();
    }

    void closedIdle() {
        closedIdleByClient.incrementAndGet();
    }

    public long connectionsOpened() {
        return opened.get();
    }

    public long retries() {
        return retries.get();
    }

    /** What was learned, for run.json: the connection behaviour a run met is part of its result. */
    public Learned describe() {
        return new Learned(optionIdleNanos / 1_000_000, idleLimitNanos() / 1_000_000, closesAfterResponse.get(),
                idleClosesSeen.get(), closedIdleByClient.get(), fresh, opened.get(), retries.get());
    }

    /**
     * What the connections met, the first part of run.json's {@code connections} block, in this order.
     *
     * @param idleConnectionTimeoutMs   the --idle-connection-timeout given
     * @param idleLimitUsedMs           the idle limit used, after what the server's closes taught
     * @param serverClosedAfterResponse responses after which the server closed the connection
     * @param serverClosedIdle          idle connections the server closed
     * @param clientClosedIdle          idle connections the client closed before the server would
     * @param freshConnectionPerRequest whether every request had a new connection
     * @param connectionsOpened         connections opened
     * @param clientRetries             requests retried on a connection the server had closed
     */
    public record Learned(@JsonProperty("idle_connection_timeout_ms") long idleConnectionTimeoutMs,
            @JsonProperty("idle_limit_used_ms") long idleLimitUsedMs,
            @JsonProperty("server_closed_after_response") long serverClosedAfterResponse,
            @JsonProperty("server_closed_idle") long serverClosedIdle, @JsonProperty("client_closed_idle") long clientClosedIdle,
            @JsonProperty("fresh_connection_per_request") boolean freshConnectionPerRequest,
            @JsonProperty("connections_opened") long connectionsOpened, @JsonProperty("client_retries") long clientRetries) {}
}
