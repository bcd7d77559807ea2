package dev.infergate.run;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.util.concurrent.TimeUnit;

/**
 * An in-process loopback server for the client's warm-up ({@link ClientWarmup}): answers {@code POST
 * /v1/chat/completions} and {@code /v1/completions} at once, streaming ({@code data:} events, a few per write, a
 * usage chunk, {@code data: [DONE]}) or as one JSON body, in the shapes a real server sends, so every part of
 * the client's request path runs: connection, request encoding, chunked decoding, SSE parsing, chunk
 * decoding. It never leaves 127.0.0.1 and serves nothing else.
 */
final class WarmupStub implements AutoCloseable {
    private static final int EVENTS_PER_WRITE = 8;
    private final Vertx vertx;
    private final HttpServer server;
    private final int eventsPerResponse;
    private final String baseUrl;

    /** @param eventsPerResponse output events per streamed answer (each a separate write) */
    WarmupStub(int eventsPerResponse) {
        if (eventsPerResponse < 1) {
            throw new IllegalArgumentException("eventsPerResponse (" + eventsPerResponse + ") must be >= 1");
        }
        this.eventsPerResponse = eventsPerResponse;
        this.vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1));
        this.server = vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0).setTcpNoDelay(true));
        server.requestHandler(this::handle);
        int port;
        try {
            port = server.listen().toCompletionStage().toCompletableFuture().orTimeout(30, TimeUnit.SECONDS).join().actualPort();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        this.baseUrl = "http://127.0.0.1:" + port + "/v1";
    }

    /** The OpenAI base URL, e.g. {@code http://127.0.0.1:41234/v1}. */
    String baseUrl() {
        return baseUrl;
    }

    private void handle(HttpServerRequest req) {
        String path = req.path();
        if (req.method() == HttpMethod.POST && WarmupOtherApis.serves(path)) { // responses, embeddings, rerank, score
            req.body().onSuccess(body -> WarmupOtherApis.answer(req.response(), path, streamed(body), eventsPerResponse));
            return;
        }
        if (req.method() != HttpMethod.POST || !(path.equals("/v1/chat/completions") || path.equals("/v1/completions"))) {
            req.response().setStatusCode(404).end();
            return;
        }
        boolean chat = path.equals("/v1/chat/completions");
        req.body().onSuccess(body -> answer(req.response(), chat, streamed(body)));
    }

    /** Whether the request asked for {@code "stream": true}; a byte search is enough for our own requests. */
    private static boolean streamed(Buffer body) {
        String s = body.toString();
        return s.contains("\"stream\":true") || s.contains("\"stream\": true");
    }

    private void answer(HttpServerResponse response, boolean chat, boolean stream) {
        String usage = "\"usage\":{\"prompt_tokens\":8,\"completion_tokens\":" + eventsPerResponse + ",\"total_tokens\":"
                + (eventsPerResponse + 8) + "}";
        if (!stream) {
            String text = " warm".repeat(eventsPerResponse);
            response.putHeader("Content-Type", "application/json").end(chat
                    ? "{\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\""
                            + text + "\"},\"finish_reason\":\"length\"}]," + usage + "}"
                    : "{\"object\":\"text_completion\",\"choices\":[{\"index\":0,\"text\":\"" + text
                            + "\",\"finish_reason\":\"length\"}]," + usage + "}");
            return;
        }
        response.setChunked(true).putHeader("Content-Type", "text/event-stream");
        if (chat) {
            response.write("data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\"}}]}\n\n");
        }
        String event = chat
                ? "data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\" warm\"},\"finish_reason\":null}]}\n\n"
                : "data: {\"object\":\"text_completion\",\"choices\":[{\"index\":0,\"text\":\" warm\",\"finish_reason\":null}]}\n\n";
        // a few events per write, as a busy real server's reads carry them: the per-read path and the per-event
        // path both run often, and the warm-up gets through many events in its short budget
        for (int i = 0; i < eventsPerResponse; i += EVENTS_PER_WRITE) {
            response.write(event.repeat(Math.min(EVENTS_PER_WRITE, eventsPerResponse - i)));
        }
        response.write("data: {\"choices\":[]," + usage + "}\n\n");
        response.end("data: [DONE]\n\n");
    }

    @Override
    public void close() {
        vertx.close().toCompletionStage().toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).exceptionally(t -> null).join();
    }
}
