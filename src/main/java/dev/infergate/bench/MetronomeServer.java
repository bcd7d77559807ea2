package dev.infergate.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.json.Json;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.internal.ContextInternal;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * A loopback server, OpenAI-compatible enough for infergate's client, that sends each output event at a
 * known time: event {@code k} of a request leaves {@code ttft + k * itl} after the server read the request,
 * as the prompt asks (see {@link BenchPrompt}). Events are timed by a {@link Metronome} thread, not Vert.x
 * timers (millisecond resolution), and the server records when each was actually written
 * ({@link StreamTruth}), so a client's marks can be checked event by event.
 *
 * <p>Endpoints: {@code GET /v1/models}; {@code POST /v1/chat/completions} and {@code /v1/completions},
 * streaming ({@code data: {json}} events, a usage chunk, {@code data: [DONE]}) or not (answered at once);
 * {@code GET /bench/truths} returns and forgets the truths recorded so far, one {@link StreamTruth#toLine()}
 * per line, for a harness in another process.
 */
public final class MetronomeServer implements AutoCloseable {
    private static final ObjectMapper JSON = Json.COMPACT;
    private static final String MODELS = "{\"object\":\"list\",\"data\":[{\"id\":\"metronome\",\"object\":\"model\",\"owned_by\":\"infergate\"}]}";

    private final Vertx vertx;
    private final Metronome metronome;
    private final boolean recordTruths;
    private final ConcurrentLinkedQueue<StreamTruth> truths = new ConcurrentLinkedQueue<>();
    private final List<HttpServer> servers = new ArrayList<>();
    private final Set<Long> threadIds = ConcurrentHashMap.newKeySet();
    private int port;
    private volatile long defaultTtftNanos;
    private volatile long defaultItlNanos;

    private MetronomeServer(int eventLoops, long spinNanos, boolean recordTruths) {
        this.vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(eventLoops).setPreferNativeTransport(true)
                .setBlockedThreadCheckInterval(10).setBlockedThreadCheckIntervalUnit(TimeUnit.SECONDS));
        this.metronome = spinNanos > 0 ? new Metronome(spinNanos) : null;
        this.recordTruths = recordTruths;
    }

    /**
     * Starts a server on 127.0.0.1.
     *
     * @param port         the port, 0 for any free one
     * @param eventLoops   server I/O threads (each has its own listening server sharing the port)
     * @param spinNanos    0 (the default): each stream is timed on its connection's event loop; more: a
     *                     dedicated metronome thread parks until this long before each due time and spins
     * @param recordTruths whether to keep a {@link StreamTruth} per request (off for long memory runs)
     */
    public static MetronomeServer start(int port, int eventLoops, long spinNanos, boolean recordTruths) {
        if (eventLoops < 1) {
            throw new IllegalArgumentException("event loops (" + eventLoops + ") must be >= 1");
        }
        MetronomeServer s = new MetronomeServer(eventLoops, spinNanos, recordTruths);
        try {
            s.port = s.listen(port);
            for (int i = 1; i < eventLoops; i++) {
                s.listen(s.port);
            }
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
        return s;
    }

    private int listen(int onPort) {
        HttpServer server = vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(onPort)
                .setTcpNoDelay(true).setCompressionSupported(false).setAcceptBacklog(8192));
        server.requestHandler(this::handle);
        servers.add(server);
        return server.listen().toCompletionStage().toCompletableFuture().orTimeout(30, TimeUnit.SECONDS).join().actualPort();
    }

    /**
     * Sets the timing of requests whose prompt is not a {@link BenchPrompt} (e.g. a synthetic workload of
     * {@code infergate run}); default: every event at once.
     */
    public MetronomeServer withDefaultTiming(long ttftNanos, long itlNanos) {
        if (ttftNanos < 0 || itlNanos < 0) {
            throw new IllegalArgumentException("ttftNanos (" + ttftNanos + ") and itlNanos (" + itlNanos + ") must be >= 0");
        }
        this.defaultTtftNanos = ttftNanos;
        this.defaultItlNanos = itlNanos;
        return this;
    }

    public int port() {
        return port;
    }

    /** The OpenAI base URL, e.g. {@code http://127.0.0.1:8123/v1}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + port + "/v1";
    }

    /** Returns and forgets the truths of the requests finished so far. */
    public List<StreamTruth> drainTruths() {
        List<StreamTruth> out = new ArrayList<>();
        for (StreamTruth t = truths.poll(); t != null; t = truths.poll()) {
            out.add(t);
        }
        return out;
    }

    /** Ids of the threads that served requests so far, and of the metronome thread (for CPU accounting). */
    public Set<Long> threadIds() {
        Set<Long> ids = new java.util.HashSet<>(threadIds);
        if (metronome != null) {
            ids.add(metronome.threadId());
        }
        return ids;
    }

    private void handle(HttpServerRequest req) {
        long thread = Thread.currentThread().getId();
        if (!threadIds.contains(thread)) {
            threadIds.add(thread);
        }
        String path = req.path();
        if (req.method() == HttpMethod.GET && path.equals("/v1/models")) {
            req.response().putHeader("Content-Type", "application/json").end(MODELS);
        } else if (req.method() == HttpMethod.GET && path.equals("/bench/truths")) {
            StringBuilder b = new StringBuilder();
            drainTruths().forEach(t -> b.append(t.toLine()).append('\n'));
            req.response().putHeader("Content-Type", "text/plain").end(b.toString());
        } else if (req.method() == HttpMethod.POST && (path.equals("/v1/chat/completions") || path.equals("/v1/completions"))) {
            boolean chat = path.equals("/v1/chat/completions");
            req.body().onSuccess(body -> generate(req, body, System.nanoTime(), chat));
        } else {
            req.response().setStatusCode(404).putHeader("Content-Type", "application/json")
                    .end("{\"error\":{\"message\":\"no route " + req.method() + " " + path + "\"}}");
        }
    }

    private void generate(HttpServerRequest req, Buffer body, long receivedNanos, boolean chat) {
        JsonNode json;
        try {
            json = JSON.readTree(body.getBytes());
        } catch (IOException e) {
            req.response().setStatusCode(400).end("{\"error\":{\"message\":\"body is not JSON\"}}");
            return;
        }
        int tokens = Math.max(1, json.path("max_tokens").asInt(16));
        JsonNode messages = json.path("messages");
        String text = chat ? messages.path(messages.size() - 1).path("content").asText(null) : json.path("prompt").asText(null);
        BenchPrompt prompt = BenchPrompt.parse(text);
        if (!json.path("stream").asBoolean(false)) {
            String content = " tok".repeat(tokens);
            req.response().putHeader("Content-Type", "application/json").end(chat
                    ? "{\"id\":\"bench\",\"object\":\"chat.completion\",\"model\":\"metronome\",\"choices\":[{\"index\":0,"
                            + "\"message\":{\"role\":\"assistant\",\"content\":\"" + content + "\"},\"finish_reason\":\"length\"}],"
                            + "\"usage\":{\"prompt_tokens\":8,\"completion_tokens\":" + tokens + ",\"total_tokens\":" + (tokens + 8) + "}}"
                    : "{\"id\":\"bench\",\"object\":\"text_completion\",\"model\":\"metronome\",\"choices\":[{\"index\":0,"
                            + "\"text\":\"" + content + "\",\"finish_reason\":\"length\"}],"
                            + "\"usage\":{\"prompt_tokens\":8,\"completion_tokens\":" + tokens + ",\"total_tokens\":" + (tokens + 8) + "}}");
            return;
        }
        req.response().setChunked(true).putHeader("Content-Type", "text/event-stream").putHeader("Cache-Control", "no-cache");
        req.response().writeHead();
        long id = prompt == null || !recordTruths ? -1 : prompt.id();
        MetronomeStream stream = new MetronomeStream(id, receivedNanos, prompt == null ? defaultTtftNanos : prompt.ttftNanos(),
                prompt == null ? defaultItlNanos : prompt.itlNanos(), tokens, chat, req.response(), Vertx.currentContext(),
                truths::add);
        if (metronome == null) {
            stream.runOn(((ContextInternal) Vertx.currentContext()).nettyEventLoop());
        } else {
            metronome.schedule(stream, stream.firstDueNanos());
        }
    }

    @Override
    public void close() {
        if (metronome != null) {
            metronome.close();
        }
        vertx.close().toCompletionStage().toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).exceptionally(t -> null).join();
    }
}
