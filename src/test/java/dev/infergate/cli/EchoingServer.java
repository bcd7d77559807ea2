package dev.infergate.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A hostile OpenAI-compatible server on loopback that repeats every request header it receives: in error
 * bodies, in streamed text, in its version string and (JSON-escaped) in answers; its model names carry
 * terminal escape sequences. Model {@code preflight-fails} fails the preflight's test request with the
 * headers in the body; model {@code busy} answers that request 429 with {@code Retry-After: 0}; model
 * {@code cut-270} answers every streamed request 500 with 270 x "a" then the request's Authorization value.
 */
final class EchoingServer implements AutoCloseable {
    static final String ESCAPED_MODEL = "echo\u001b[31m-red\u001b]0;pwned\u0007";

    private final HttpServer server;
    private final AtomicInteger streams = new AtomicInteger();
    final AtomicInteger busyAnswers = new AtomicInteger();

    EchoingServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/v1/models", ex -> send(ex, 200, "application/json",
                "{\"data\":[{\"id\":" + json(ESCAPED_MODEL) + "},{\"id\":\"preflight-fails\"},{\"id\":\"busy\"},{\"id\":\"cut-270\"}]}"));
        server.createContext("/version", ex -> send(ex, 200, "application/json", "{\"version\":" + json(headers(ex)) + "}"));
        server.createContext("/v1/chat/completions", this::completion);
        server.createContext("/", ex -> send(ex, 404, "text/plain", "not here; you sent " + headers(ex)));
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    private void completion(HttpExchange ex) throws IOException {
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String echoed = headers(ex);
        if (!body.contains("\"stream\":true")) {
            if (body.contains("preflight-fails")) {
                send(ex, 500, "text/plain", "internal error; your request headers were " + echoed);
            } else if (body.contains("\"busy\"")) {
                busyAnswers.incrementAndGet();
                ex.getResponseHeaders().add("Retry-After", "0");
                send(ex, 429, "application/json", "{\"error\":\"slow down, " + echoed.replace("\"", "'") + "\"}");
            } else {
                send(ex, 200, "application/json", "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
                        + json(echoed) + "},\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":2}}");
            }
            return;
        }
        if (body.contains("\"cut-270\"")) { // the credential right where a 300-char detail is cut
            send(ex, 500, "text/plain", "a".repeat(270) + ex.getRequestHeaders().getFirst("Authorization") + "xyz");
            return;
        }
        if (streams.incrementAndGet() % 2 == 0) {
            send(ex, 500, "application/json", "{\"error\":{\"message\":" + json("upstream failed for headers " + echoed) + "}}");
            return;
        }
        StringBuilder sse = new StringBuilder();
        for (String part : List.of("you sent: ", echoed, " (plain: " + echoed + ")")) {
            sse.append("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":").append(json(part)).append("}}]}\n\n");
        }
        sse.append("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],"
                + "\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":3}}\n\ndata: [DONE]\n\n");
        send(ex, 200, "text/event-stream", sse.toString());
    }

    private static String headers(HttpExchange ex) {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, List<String>> h : ex.getRequestHeaders().entrySet()) {
            b.append(h.getKey()).append(": ").append(String.join(", ", h.getValue())).append("; ");
        }
        return b.toString();
    }

    private static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }

    private static void send(HttpExchange ex, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", type);
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
}
