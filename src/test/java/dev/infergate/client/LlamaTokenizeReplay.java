package dev.infergate.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.json.Json;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A fake llama-server {@code /tokenize} that answers from the real server's answers (fixtures/llama-server/
 * tokenize.jsonl). A text that was captured is answered as captured; any other run of {@code " word"}s is answered as
 * SentencePiece answered every captured run: the dummy-prefix piece {@code 29871}, then each word's own pieces (its
 * captured {@code " word"} answer without that first piece), with BOS {@code 1} first when {@code add_special} is
 * true; a text without a leading space gets no dummy-prefix piece (SentencePiece prefixes the text itself, as the
 * captured {@code "the"} = {@code [278]} shows). A word never captured is a 400: the fake never guesses, with one
 * exception, {@code "hello"} ({@code ▁hello}, 22172 in the LLaMA vocabulary), so that the detection probe
 * ({@code "hello world"}) is answered. The vLLM form ({@code "prompt"}) gets {@code {"tokens": []}} and HTTP 200, as
 * the real server answered it.
 */
final class LlamaTokenizeReplay implements AutoCloseable {
    static final Path FIXTURE = Path.of("src/test/resources/fixtures/llama-server/tokenize.jsonl");
    private static final int DUMMY_PREFIX = 29871;
    private static final int BOS = 1;

    /** A captured request: its text and whether special tokens were asked for. */
    record Asked(String content, boolean addSpecial) {}

    private final Map<Asked, List<Integer>> captured = new HashMap<>();
    private final Map<String, List<Integer>> wordPieces = new HashMap<>();
    private final ServerSocket server;

    LlamaTokenizeReplay() throws IOException {
        for (String line : Files.readAllLines(FIXTURE)) {
            JsonNode n = Json.COMPACT.readTree(line);
            JsonNode request = n.path("request");
            if (!request.has("content") || request.has("with_pieces")) {
                continue;
            }
            List<Integer> tokens = new ArrayList<>();
            n.path("response").path("tokens").forEach(t -> tokens.add(t.asInt()));
            String content = request.get("content").asText();
            boolean special = request.path("add_special").asBoolean();
            captured.put(new Asked(content, special), tokens);
            if (!special && content.startsWith(" ") && content.trim().indexOf(' ') < 0 && !content.isBlank()
                    && tokens.size() >= 2 && tokens.get(0) == DUMMY_PREFIX) {
                wordPieces.put(content.substring(1), tokens.subList(1, tokens.size()));
            }
        }
        wordPieces.putIfAbsent("hello", List.of(22172));
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::acceptLoop, "llama-tokenize-replay");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /**
     * A connection per thread, kept alive as llama-server keeps it. Each answer's head and body go out in one write with
     * TCP_NODELAY: com.sun.net.httpserver wrote them in two, and Nagle's algorithm held the body until the client's
     * delayed ACK of the head, 40 ms a request (20 s for a calibration's ~500 requests).
     */
    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Thread t = new Thread(() -> serve(socket), "llama-tokenize-replay-connection");
                t.setDaemon(true);
                t.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket; InputStream in = new BufferedInputStream(socket.getInputStream());
                OutputStream out = socket.getOutputStream()) {
            socket.setTcpNoDelay(true);
            String head;
            while ((head = readHead(in)) != null) {
                String path = head.substring(head.indexOf(' ') + 1, head.indexOf(' ', head.indexOf(' ') + 1));
                byte[] body = in.readNBytes(contentLength(head));
                int status = 200;
                byte[] answer;
                if (!path.startsWith("/tokenize")) {
                    status = 404;
                    answer = "{\"error\":\"not found\"}".getBytes(StandardCharsets.UTF_8);
                } else {
                    JsonNode request = Json.COMPACT.readTree(body);
                    if (request.has("content")) {
                        List<Integer> tokens = tokens(request.get("content").asText(), request.path("add_special").asBoolean(true));
                        answer = tokens == null ? "{\"error\":\"word never captured\"}".getBytes(StandardCharsets.UTF_8)
                                : Json.COMPACT.writeValueAsBytes(Map.of("tokens", tokens));
                        status = tokens == null ? 400 : 200;
                    } else {
                        answer = "{\"tokens\":[]}".getBytes(StandardCharsets.UTF_8);
                    }
                }
                byte[] responseHead = ("HTTP/1.1 " + status + (status == 200 ? " OK" : status == 400 ? " Bad Request" : " Not Found")
                        + "\r\nContent-Type: application/json\r\nContent-Length: " + answer.length + "\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1);
                byte[] response = Arrays.copyOf(responseHead, responseHead.length + answer.length);
                System.arraycopy(answer, 0, response, responseHead.length, answer.length);
                out.write(response);
                out.flush();
            }
        } catch (IOException | RuntimeException gone) {
            // the client closed the connection, or the fake was closed
        }
    }

    /** The request line and headers up to the blank line (ISO-8859-1), or null at the end of the stream. */
    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        int b;
        while ((b = in.read()) >= 0) {
            head.append((char) b);
            if (head.length() >= 4 && head.substring(head.length() - 4).equals("\r\n\r\n")) {
                return head.toString();
            }
        }
        return null;
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("transfer-encoding:")) {
                throw new IllegalStateException("the fake reads Content-Length bodies only: " + line);
            }
            if (lower.startsWith("content-length:")) {
                return Integer.parseInt(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return 0;
    }

    /** The base URL of the fake, for an endpoint ({@code /tokenize} lives at its root). */
    String baseUrl() {
        return "http://127.0.0.1:" + server.getLocalPort() + "/v1";
    }

    /** The server's tokens for {@code text}, as captured or composed from captured words; null for a word never captured. */
    List<Integer> tokens(String text, boolean addSpecial) {
        List<Integer> known = captured.get(new Asked(text, addSpecial));
        return known != null ? known : composed(text, addSpecial);
    }

    /** The tokens composed from the captured words alone (never a captured answer for the whole text); null as above. */
    List<Integer> composed(String text, boolean addSpecial) {
        List<Integer> out = new ArrayList<>();
        if (addSpecial) {
            out.add(BOS);
        }
        if (text.isEmpty()) {
            return out;
        }
        String words = text;
        if (text.startsWith(" ")) {
            out.add(DUMMY_PREFIX);
            words = text.substring(1);
        }
        for (String word : words.split(" ", -1)) {
            List<Integer> pieces = wordPieces.get(word);
            if (pieces == null) {
                return null;
            }
            out.addAll(pieces);
        }
        return out;
    }

    /** The replayed count of {@code text} without special tokens, as the fake answers it. */
    int count(String text) {
        List<Integer> t = tokens(text, false);
        if (t == null) {
            throw new UncheckedIOException(new IOException("a word never captured in " + text));
        }
        return t.size();
    }

    /** The captured multi-word texts and their real counts, to check the composition against. */
    Map<Asked, Integer> capturedRuns() {
        Map<Asked, Integer> runs = new HashMap<>();
        captured.forEach((asked, tokens) -> {
            if (asked.content().trim().indexOf(' ') > 0) {
                runs.put(asked, tokens.size());
            }
        });
        return runs;
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
