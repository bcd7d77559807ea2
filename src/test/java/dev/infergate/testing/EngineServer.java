package dev.infergate.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback OpenAI-compatible server that treats connections the way a real engine does, for the client's
 * connection policy and tokenizer detection to be tested against: raw sockets, so that it can close a connection
 * in the same breath as the end of a response, exactly as llama-server does.
 *
 * <p>Each connection is served by its own thread: it reads a request (head and {@code Content-Length} body),
 * answers it, then, as its {@link Behaviour} says, closes the connection or waits for the next request, closing the
 * connection when none comes within the idle limit. A request written onto a connection the server closed is
 * never read: the client sees the close (or a reset), as on a real server.
 */
public final class EngineServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** How the server treats a connection after a response. */
    public enum Behaviour {
        /** llama-server: advertises {@code Keep-Alive: timeout=5, max=100}, yet closes right after every stream. */
        CLOSE_AFTER_STREAM,
        /** uvicorn-like: keeps the connection, closes it when idle for the idle limit, never announced. */
        CLOSE_IDLE,
        /** Says {@code Connection: close} and closes after every response. */
        CONNECTION_CLOSE
    }

    /** How {@code POST /tokenize} answers. */
    public enum TokenizeDialect {
        /** vLLM: {@code {"model","prompt"}} → {@code {"count","tokens","max_model_len"}}; other forms: 400. */
        VLLM,
        /** SGLang: {@code {"model","prompt"}} → {@code {"tokens","count","max_model_len"}}. */
        SGLANG,
        /** llama.cpp: {@code {"content"}} → {@code {"tokens":[...]}}; the {@code prompt} form gets {@code {"tokens":[]}}. */
        LLAMA_CPP,
        /** TGI: {@code {"inputs"}} → a JSON list of token objects. */
        TGI,
        /** No tokenize endpoint: 404. */
        NONE,
        /**
         * llama.cpp's form, but a count that is not additive over words (characters / 4, as a tokenizer that merges
         * across spaces): prompt lengths cannot be made exact with it.
         */
        LLAMA_CPP_NOT_ADDITIVE
    }

    private final ServerSocket server;
    private final Behaviour behaviour;
    private final Duration idleLimit;
    private final TokenizeDialect dialect;
    private final int cachedPrefixTokens;
    private final int outputTokens;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "engine-server");
        t.setDaemon(true);
        return t;
    });
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger generations = new AtomicInteger();
    private final java.util.Set<String> requestIds = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * @param behaviour          how connections are treated
     * @param idleLimit          how long a kept connection may stay idle (5 s for llama-server)
     * @param dialect            the tokenize form understood
     * @param cachedPrefixTokens the prompt tokens every request reports as cached (a chat template's first tokens)
     * @param outputTokens       tokens per answer, one per event
     */
    public EngineServer(Behaviour behaviour, Duration idleLimit, TokenizeDialect dialect, int cachedPrefixTokens,
            int outputTokens) throws IOException {
        this.behaviour = behaviour;
        this.idleLimit = idleLimit;
        this.dialect = dialect;
        this.cachedPrefixTokens = cachedPrefixTokens;
        this.outputTokens = outputTokens;
        this.server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        threads.execute(this::acceptLoop);
    }

    /** {@code http://127.0.0.1:PORT} */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    /** Connections accepted so far. */
    public int connections() {
        return connections.get();
    }

    /** Completions and chat requests answered so far that carried an {@code X-Request-Id} (the measured ones). */
    public int generations() {
        return generations.get();
    }

    /** The distinct {@code X-Request-Id}s of those requests: as many as {@link #generations()} when none came twice. */
    public int distinctRequestIds() {
        return requestIds.size();
    }

    @Override
    public void close() throws IOException {
        server.close();
        threads.shutdownNow();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                connections.incrementAndGet();
                threads.execute(() -> serve(socket));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            socket.setSoTimeout((int) Math.max(1, idleLimit.toMillis()));
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            while (true) {
                String head;
                try {
                    head = readHead(in);
                } catch (SocketTimeoutException idle) {
                    return; // idle beyond the limit: close, unannounced
                }
                if (head == null) {
                    return;
                }
                String body = new String(in.readNBytes(contentLength(head)), StandardCharsets.UTF_8);
                Answer answer = answer(head.substring(0, head.indexOf(' ')), head.split(" ", 3)[1], body, requestId(head));
                out.write(answer.bytes());
                out.flush();
                if (behaviour == Behaviour.CONNECTION_CLOSE || (behaviour == Behaviour.CLOSE_AFTER_STREAM && answer.stream())) {
                    return; // closes right after the last chunk, as llama-server does
                }
            }
        } catch (IOException e) {
            // the client went away
        }
    }

    private record Answer(byte[] bytes, boolean stream) {}

    private static String requestId(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("x-request-id:")) {
                return line.substring(line.indexOf(':') + 1).strip();
            }
        }
        return null;
    }

    private Answer answer(String method, String path, String body, String requestId) throws IOException {
        if (method.equals("GET") && path.endsWith("/models")) {
            return new Answer(json(200, "{\"object\":\"list\",\"data\":[{\"id\":\"engine-model\",\"object\":\"model\"}]}"), false);
        }
        if (method.equals("POST") && path.equals("/tokenize")) {
            return new Answer(tokenize(body), false);
        }
        if (method.equals("POST") && (path.endsWith("/completions"))) {
            if (requestId != null) {
                generations.incrementAndGet();
                requestIds.add(requestId);
            }
            JsonNode request = JSON.readTree(body);
            boolean chat = path.endsWith("/chat/completions");
            int prompt = Math.max(cachedPrefixTokens + 1, promptTokens(request, chat));
            if (request.path("stream").asBoolean(false)) {
                return new Answer(stream(chat, prompt), true);
            }
            return new Answer(json(200, whole(chat, prompt)), false);
        }
        return new Answer(json(404, "{\"error\":{\"message\":\"not found\"}}"), false);
    }

    /** One token per word of the prompt text, plus the template's tokens for chat. */
    private int promptTokens(JsonNode request, boolean chat) {
        String text = chat ? request.path("messages").toString() : request.path("prompt").asText("");
        return words(text) + (chat ? 10 : 0);
    }

    private static int words(String text) {
        String t = text.strip();
        return t.isEmpty() ? 0 : t.split("\\s+").length;
    }

    private byte[] tokenize(String body) throws IOException {
        JsonNode request = JSON.readTree(body);
        String prompt = request.path("prompt").asText(null);
        String content = request.path("content").asText(null);
        String inputs = request.path("inputs").asText(null);
        return switch (dialect) {
            case VLLM, SGLANG -> prompt == null ? json(400, "{\"error\":\"prompt is required\"}")
                    : json(200, "{\"count\":" + words(prompt) + ",\"tokens\":" + ids(words(prompt)) + ",\"max_model_len\":4096}");
            case LLAMA_CPP -> json(200, "{\"tokens\":" + ids(content == null ? 0 : words(content)) + "}");
            case TGI -> inputs == null ? json(422, "{\"error\":\"missing inputs\"}") : json(200, tgiTokens(words(inputs)));
            case NONE -> json(404, "{\"error\":\"not found\"}");
            case LLAMA_CPP_NOT_ADDITIVE -> json(200, "{\"tokens\":" + ids(content == null ? 0 : (content.length() + 3) / 4) + "}");
        };
    }

    private static String ids(int n) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ",").append(100 + i);
        }
        return b.append(']').toString();
    }

    private static String tgiTokens(int n) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ",").append("{\"id\":").append(100 + i).append(",\"text\":\"w\",\"start\":0,\"stop\":1}");
        }
        return b.append(']').toString();
    }

    private String usage(int prompt) {
        return "\"usage\":{\"prompt_tokens\":" + prompt + ",\"completion_tokens\":" + outputTokens + ",\"total_tokens\":"
                + (prompt + outputTokens) + ",\"prompt_tokens_details\":{\"cached_tokens\":" + cachedPrefixTokens + "}}";
    }

    private String whole(boolean chat, int prompt) {
        String text = "tok ".repeat(outputTokens).strip();
        String choice = chat ? "{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"" + text + "\"},\"finish_reason\":\"length\"}"
                : "{\"index\":0,\"text\":\"" + text + "\",\"finish_reason\":\"length\"}";
        return "{\"id\":\"x\",\"object\":\"" + (chat ? "chat.completion" : "text_completion") + "\",\"model\":\"engine-model\","
                + "\"choices\":[" + choice + "]," + usage(prompt) + "}";
    }

    private byte[] stream(boolean chat, int prompt) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String head = "HTTP/1.1 200 OK\r\nServer: engine\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n"
                + keepAliveHeader() + "\r\n";
        out.writeBytes(head.getBytes(StandardCharsets.ISO_8859_1));
        for (int i = 0; i < outputTokens; i++) {
            String choice = chat ? "{\"index\":0,\"delta\":{\"content\":\" tok\"},\"finish_reason\":null}"
                    : "{\"index\":0,\"text\":\" tok\",\"finish_reason\":null}";
            chunk(out, "data: {\"id\":\"x\",\"object\":\"" + (chat ? "chat.completion.chunk" : "text_completion")
                    + "\",\"choices\":[" + choice + "]}\n\n");
        }
        chunk(out, "data: {\"id\":\"x\",\"choices\":[]," + usage(prompt) + "}\n\n");
        chunk(out, "data: [DONE]\n\n");
        out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    private String keepAliveHeader() {
        return switch (behaviour) {
            case CLOSE_AFTER_STREAM -> "Keep-Alive: timeout=5, max=100\r\n";
            case CONNECTION_CLOSE -> "Connection: close\r\n";
            case CLOSE_IDLE -> "";
        };
    }

    private static void chunk(ByteArrayOutputStream out, String data) {
        byte[] bytes = data.getBytes(StandardCharsets.UTF_8);
        out.writeBytes((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(bytes);
        out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
    }

    private byte[] json(int status, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 " + status + " X\r\nServer: engine\r\nContent-Type: application/json\r\nContent-Length: "
                + bytes.length + "\r\n" + keepAliveHeader() + "\r\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(bytes);
        return out.toByteArray();
    }

    /** The request head up to CR LF CR LF, or null when the client closed the connection between requests. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int lastFour = 0;
        while (lastFour != 0x0D0A0D0A) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.write(b);
            lastFour = (lastFour << 8) | b;
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().toLowerCase(Locale.ROOT).equals("content-length")) {
                return Integer.parseInt(line.substring(colon + 1).strip());
            }
        }
        return 0;
    }
}
