package dev.infergate.testing;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback OpenAI-compatible server (Vert.x, 127.0.0.1, an ephemeral port) that answers every measured request
 * with one fault, so the record path can be tested end to end against what hostile servers really send. The
 * set-up requests ({@code /v1/models}, the preflight's "Say hi") are answered normally, so a run gets going.
 */
public final class HostileServer implements AutoCloseable {
    /** One fault per mode. */
    public enum Mode {
        /** HTTP 500 whose error message is 400 emoji: a cut at a fixed UTF-16 index would split a pair. */
        EMOJI_ERROR,
        /** HTTP 500 whose error message holds a lone surrogate ({@code "\ud800"}, valid JSON, not Unicode). */
        LONE_SURROGATE_ERROR,
        /** A 200 stream whose text and error event hold lone surrogates. */
        LONE_SURROGATE_STREAM,
        /** HTTP 429 with the {@code Retry-After} given to {@link #start(Mode, String)}. */
        RETRY_AFTER,
        /** A 200 non-streaming body that never ends (chunks until the client goes away). */
        ENDLESS_BODY,
        /** A 200 stream with one valid 20 MB event. */
        HUGE_EVENT,
        /** A 200 stream that sends one event, then holds the request open until the client goes away. */
        HOLD
    }

    private static final String MODELS = "{\"object\":\"list\",\"data\":[{\"id\":\"hostile\",\"object\":\"model\"}]}";
    private static final String HI = "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"hi\"},"
            + "\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":2,\"completion_tokens\":2}}";

    private final Vertx vertx = Vertx.vertx();
    private final Mode mode;
    private final String retryAfter;
    private final HttpServer server;
    private final AtomicLong measured = new AtomicLong();

    private HostileServer(Mode mode, String retryAfter) throws Exception {
        this.mode = mode;
        this.retryAfter = retryAfter;
        this.server = await(vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0))
                .requestHandler(this::handle).listen());
    }

    public static HostileServer start(Mode mode) throws Exception {
        return new HostileServer(mode, null);
    }

    /** {@link Mode#RETRY_AFTER} with this header value. */
    public static HostileServer start(Mode mode, String retryAfter) throws Exception {
        return new HostileServer(mode, retryAfter);
    }

    /** {@code http://127.0.0.1:PORT/v1} */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.actualPort() + "/v1";
    }

    /** Measured requests answered (set-up requests not counted). */
    public long measuredRequests() {
        return measured.get();
    }

    private void handle(HttpServerRequest req) {
        if (req.path().endsWith("/models")) {
            json(req.response(), 200, MODELS);
            return;
        }
        if (!req.path().endsWith("/chat/completions")) {
            json(req.response(), 404, "{\"error\":{\"message\":\"not found\"}}");
            return;
        }
        req.body().onSuccess(body -> {
            if (body.toString().contains("Say hi")) {
                json(req.response(), 200, HI);
            } else {
                measured.incrementAndGet();
                fault(req.response());
            }
        });
    }

    private void fault(HttpServerResponse res) {
        switch (mode) {
            case EMOJI_ERROR -> json(res, 500, "{\"error\":{\"message\":\"" + "\uD83D\uDE00".repeat(400) + "\"}}");
            case LONE_SURROGATE_ERROR -> json(res, 500, "{\"error\":{\"message\":\"broken \\ud800 text \\udc00\"}}");
            case LONE_SURROGATE_STREAM -> stream(res, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\\ud800b\"}}]}\n\n"
                    + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\\udc00c\"},\"finish_reason\":\"stop\"}]}\n\n"
                    + "data: [DONE]\n\n");
            case RETRY_AFTER -> {
                res.putHeader("Retry-After", retryAfter);
                json(res, 429, "{\"error\":{\"message\":\"slow down\"}}");
            }
            case ENDLESS_BODY -> endless(res);
            case HUGE_EVENT -> stream(res, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\""
                    + "x".repeat(20_000_000) + "\"}}]}\n\ndata: [DONE]\n\n");
            case HOLD -> res.setStatusCode(200).putHeader("Content-Type", "text/event-stream").setChunked(true)
                    .write("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"x\"}}]}\n\n");
        }
    }

    private static void json(HttpServerResponse res, int status, String body) {
        res.setStatusCode(status).putHeader("Content-Type", "application/json").end(body);
    }

    private static void stream(HttpServerResponse res, String body) {
        res.setStatusCode(200).putHeader("Content-Type", "text/event-stream").setChunked(true).end(body);
    }

    /** Writes 64 KiB chunks while the client reads them, until it closes the connection. */
    private static void endless(HttpServerResponse res) {
        res.setStatusCode(200).putHeader("Content-Type", "application/json").setChunked(true);
        res.write("{\"choices\":[{\"index\":0,\"message\":{\"content\":\"");
        Buffer chunk = Buffer.buffer("y".repeat(64 * 1024));
        Runnable[] more = new Runnable[1];
        more[0] = () -> {
            while (!res.closed() && !res.writeQueueFull()) {
                res.write(chunk);
            }
            if (!res.closed()) {
                res.drainHandler(v -> more[0].run());
            }
        };
        more[0].run();
    }

    @Override
    public void close() throws Exception {
        await(vertx.close());
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
