package dev.infergate.client;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.vertx.core.AbstractVerticle;
import io.vertx.core.Context;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpConnectOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.PemTrustOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The Vert.x (Netty) HTTP client that sends requests and reads responses, shared by every request of a run.
 *
 * <p>Event loops do nothing but I/O and timestamps: each response read is stamped with
 * {@link System#nanoTime()} as the first statement of its handler, before any parsing; JSON encoding of
 * records and file I/O happen on the record writer's thread. One event loop per core keeps the client from
 * becoming the bottleneck; a slow client still shows, as queue wait and as latency from the scheduled time.
 */
public final class HttpExecutor implements AutoCloseable {
    private final Vertx vertx;
    private final List<Lane> lanes;
    private final LaneBalancer balancer;
    private final java.util.concurrent.atomic.AtomicLong waitedForBusy = new java.util.concurrent.atomic.AtomicLong();
    private volatile Endpoint endpoint;
    private final String requestIdPrefix = "infergate-" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16) + "-";

    /**
     * One event loop with its own HTTP client and connection pool. A request is started on its lane's
     * context, so its connection lives on the same event loop and every callback runs there: no thread hop
     * between the socket read and the timestamp. Which lane a request takes is the {@link LaneBalancer}'s choice:
     * the lanes' pools act as one.
     */
    record Lane(int index, Context context, HttpClientAgent client, LaneConnections connections) {}

    /** How often each lane closes connections idle beyond their limit: a small share of the 4 s default. */
    private static final long SWEEP_PERIOD_MS = 100;
    private final ConnectionPolicy policy;

    /**
     * @param maxConnections the connection pool size: at least the largest number of requests in flight
     */
    public HttpExecutor(Endpoint endpoint, int maxConnections, int eventLoops) {
        this.endpoint = endpoint;
        this.policy = new ConnectionPolicy(endpoint.idleConnectionTimeout());
        this.vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(eventLoops).setPreferNativeTransport(true)
                .setBlockedThreadCheckInterval(10).setBlockedThreadCheckIntervalUnit(TimeUnit.SECONDS));
        HttpClientOptions options = new HttpClientOptions()
                .setKeepAlive(true)
                // Vert.x's own limit, a backstop: the lanes close idle connections earlier (ConnectionPolicy)
                .setKeepAliveTimeout((int) Math.max(1, endpoint.idleConnectionTimeout().toSeconds()))
                .setTcpNoDelay(true)
                .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, endpoint.connectTimeout().toMillis()))
                .setDecompressionSupported(false)
                .setMaxInitialLineLength(16 * 1024)
                .setMaxHeaderSize(64 * 1024)
                .setProtocolVersion(endpoint.http2() ? HttpVersion.HTTP_2 : HttpVersion.HTTP_1_1)
                .setHttp2ClearTextUpgrade(false);
        if (endpoint.tls()) {
            options.setSsl(true).setUseAlpn(endpoint.http2());
            if (endpoint.insecure()) {
                options.setTrustAll(true).setVerifyHost(false);
            } else if (endpoint.caCert() != null) {
                options.setTrustOptions(new PemTrustOptions().addCertPath(endpoint.caCert().toString()));
            }
        }
        PoolOptions pool = new PoolOptions().setHttp1MaxSize(Math.max(1, maxConnections))
                .setHttp2MaxSize(Math.max(1, maxConnections / 100 + 1)).setMaxWaitQueueSize(-1);
        int perLane = LaneBalancer.capacityPerLane(maxConnections, eventLoops);
        pool.setHttp1MaxSize(perLane).setEventLoopSize(0);
        this.balancer = new LaneBalancer(eventLoops, perLane);
        AtomicReferenceArray<Lane> started = new AtomicReferenceArray<>(eventLoops);
        AtomicInteger nextIndex = new AtomicInteger();
        CompletableFuture<String> deployed = vertx.deployVerticle(() -> new AbstractVerticle() {
            @Override
            public void start() {
                int index = nextIndex.getAndIncrement();
                LaneConnections connections = new LaneConnections(policy, balancer, index);
                started.set(index, new Lane(index, context, vertx.httpClientBuilder().with(options).with(pool).build(), connections));
                vertx.setPeriodic(SWEEP_PERIOD_MS, id -> connections.sweep(System.nanoTime()));
            }
        }, new DeploymentOptions().setInstances(eventLoops)).toCompletionStage().toCompletableFuture();
        deployed.orTimeout(30, TimeUnit.SECONDS).join();
        List<Lane> all = new ArrayList<>(eventLoops);
        for (int i = 0; i < eventLoops; i++) {
            all.add(started.get(i));
        }
        this.lanes = List.copyOf(all);
    }

    /**
     * The lane for a request starting now: one with an idle connection, else one with room, never a full lane while
     * another has room ({@link LaneBalancer}). Each lane taken is given back once with {@link #releaseLane}.
     */
    Lane acquireLane() {
        return lanes.get(balancer.acquire());
    }

    /** The request on {@code lane} finished. */
    void releaseLane(Lane lane) {
        balancer.release(lane.index());
    }

    /**
     * A request was handed a pooled connection that was still carrying another response when it asked: it waited for
     * a busy connection (the lane's pool was full). Counted on the lanes' event loops.
     */
    void waitedForBusyConnection() {
        waitedForBusy.incrementAndGet();
    }

    /** Requests that waited for a busy connection of their lane's pool (see {@link #waitedForBusyConnection}). */
    long requestsWaitedForBusyConnection() {
        return waitedForBusy.get();
    }

    /** What the lane balancer saw: requests held at the connection limit or on a full lane (run.json). */
    public LaneAccounting laneAccounting() {
        LaneBalancer.Accounting a = balancer.accounting();
        return new LaneAccounting(lanes.size(), perLaneCapacity(), a.heldAtLimit(), a.heldWhileRoom(), a.openedWhileIdle(),
                waitedForBusy.get());
    }

    /** The lanes' part of run.json's {@code connections} block, after {@link ConnectionPolicy.Learned}, in this order. */
    public record LaneAccounting(@JsonProperty("event_loops") int eventLoops,
            @JsonProperty("connections_per_loop") int connectionsPerLoop,
            @JsonProperty("held_at_connection_limit") long heldAtConnectionLimit,
            @JsonProperty("held_on_full_loop") long heldOnFullLoop,
            @JsonProperty("opened_while_idle_elsewhere") long openedWhileIdleElsewhere,
            @JsonProperty("waited_for_busy_connection") long waitedForBusyConnection) {}

    LaneBalancer.Accounting balancerAccounting() {
        return balancer.accounting();
    }

    private int perLaneCapacity() {
        return balancer.capacityPerLane();
    }

    /**
     * What each request's {@code X-Request-Id} header starts with, {@code infergate-<random>-}, followed by the
     * request id of requests.jsonl. vLLM, SGLang and most gateways take the header as their own request id
     * (vLLM answers with {@code chatcmpl-<header>}), so a server's logs and traces can be matched with the
     * records; the random part, recorded in run.json, keeps two runs with the same ids apart on one server.
     */
    public String requestIdPrefix() {
        return requestIdPrefix;
    }

    /** The connection policy of this client and what it learned about the server. */
    public ConnectionPolicy connectionPolicy() {
        return policy;
    }

    /** Options for a fresh connection of our own to the endpoint, outside the pool. */
    HttpConnectOptions connectOptions() {
        return new HttpConnectOptions().setHost(endpoint.baseUrl().getHost()).setPort(endpoint.port())
                .setSsl(endpoint.tls()).setConnectTimeout(endpoint.connectTimeout().toMillis());
    }

    public Vertx vertx() {
        return vertx;
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    /** Sets the model once the server's list is known (before the first measured request). */
    public void useModel(String model) {
        this.endpoint = endpoint.withModel(model);
    }

    /**
     * Moves to another base URL on the same server (scheme, host and port unchanged, so the pool still fits),
     * before the first measured request.
     */
    public void useBaseUrl(java.net.URI baseUrl) {
        java.net.URI now = endpoint.baseUrl();
        if (!java.util.Objects.equals(now.getScheme(), baseUrl.getScheme())
                || !java.util.Objects.equals(now.getRawAuthority(), baseUrl.getRawAuthority())) {
            throw new IllegalArgumentException("baseUrl (" + baseUrl + ") must be on the same server as " + now);
        }
        this.endpoint = endpoint.withBaseUrl(baseUrl);
    }

    /** Options for a request to an absolute URL with the endpoint's headers. */
    RequestOptions options(HttpMethod method, String absoluteUrl) {
        RequestOptions o = new RequestOptions().setMethod(method).setAbsoluteURI(absoluteUrl);
        endpoint.headers().forEach(o::putHeader);
        return o;
    }

    /**
     * A plain response read whole: for set-up calls (models, tokenize, version), never on the measured path.
     *
     * @param retryAfter the Retry-After header as sent, or null
     */
    public record Reply(int status, String body, String retryAfter) {
        public Reply(int status, String body) {
            this(status, body, null);
        }
    }

    /**
     * Sends one set-up request and waits for the whole response.
     *
     * @throws java.io.IOException when the server cannot be reached or does not answer within {@code timeout}
     */
    public Reply call(HttpMethod method, String absoluteUrl, String jsonBody, Duration timeout) throws java.io.IOException {
        RequestOptions o = options(method, absoluteUrl).setTimeout(timeout.toMillis());
        if (jsonBody != null) {
            o.putHeader("Content-Type", "application/json");
        }
        // Run the whole exchange on the lane's event loop and ask for the body inside the response
        // callback: composed from another thread, the body could end before anyone listened for it.
        CompletableFuture<Reply> cf = new CompletableFuture<>();
        Lane lane = lanes.get(0);
        // A set-up call that finds its pooled connection closed by the server was never answered: ask once more.
        lane.context().runOnContext(v -> exchangeWhole(lane, o, jsonBody)
                .recover(t -> t instanceof io.vertx.core.http.HttpClosedException ? exchangeWhole(lane, o, jsonBody)
                        : io.vertx.core.Future.failedFuture(t))
                .onComplete(ar -> {
                    if (ar.succeeded()) {
                        cf.complete(ar.result());
                    } else {
                        cf.completeExceptionally(ar.cause());
                    }
                }));
        try {
            return cf.get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new java.io.IOException(describe(cause), cause);
        } catch (TimeoutException e) {
            throw new java.io.IOException("no answer within " + timeout.toSeconds() + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.IOException("interrupted", e);
        }
    }

    private static io.vertx.core.Future<Reply> exchangeWhole(Lane lane, RequestOptions o, String jsonBody) {
        return lane.client().request(o)
                .compose(req -> (jsonBody == null ? req.send() : req.send(Buffer.buffer(jsonBody)))
                        .compose(resp -> resp.body().map(b -> new Reply(resp.statusCode(), new String(
                                ContentDecoder.decodeWhole(resp.getHeader("Content-Encoding"), b.getBytes()),
                                java.nio.charset.StandardCharsets.UTF_8), resp.getHeader("Retry-After")))));
    }

    /** A one-line description of a connection-level failure, without stack trace noise. */
    static String describe(Throwable t) {
        String message = t.getMessage();
        return t.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    @Override
    public void close() {
        for (Lane lane : lanes) {
            try {
                lane.client().close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            } catch (Exception e) {
                // closing is best effort: the run's results are already written
            }
        }
        vertx.close().toCompletionStage().toCompletableFuture().orTimeout(5, TimeUnit.SECONDS).exceptionally(t -> null).join();
    }
}
