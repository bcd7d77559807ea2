package dev.infergate.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.infergate.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
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
    private final HttpServer server;

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
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/tokenize", exchange -> {
            byte[] answer;
            int status = 200;
            try (InputStream in = exchange.getRequestBody()) {
                JsonNode body = Json.COMPACT.readTree(in.readAllBytes());
                if (body.has("content")) {
                    List<Integer> tokens = tokens(body.get("content").asText(), body.path("add_special").asBoolean(true));
                    answer = tokens == null ? "{\"error\":\"word never captured\"}".getBytes(StandardCharsets.UTF_8)
                            : Json.COMPACT.writeValueAsBytes(Map.of("tokens", tokens));
                    status = tokens == null ? 400 : 200;
                } else {
                    answer = "{\"tokens\":[]}".getBytes(StandardCharsets.UTF_8);
                }
            }
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
    }

    /** The base URL of the fake, for an endpoint ({@code /tokenize} lives at its root). */
    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
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
    public void close() {
        server.stop(0);
    }
}
