package dev.infergate.analysis.quality;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.infergate.json.Json;
import dev.infergate.record.AtomicFiles;
import dev.infergate.record.Text;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code quality-items.jsonl}: one JSON object per item, snake_case keys, absent values omitted; log-probs
 * as {@code [{"token", "logprob", "top": {token: logprob}}]}. Output text is stored whole and JSON-escaped,
 * so any bytes a model returns are safe in the file and in reports. Documented in docs/quality.md.
 */
public final class ItemLog {
    public static final String FILE = "quality-items.jsonl";
    private static final ObjectMapper JSON = Json.COMPACT;

    private ItemLog() {}

    public static void write(Path file, List<ItemResult> items) throws IOException {
        AtomicFiles.write(file, out -> {
            for (ItemResult item : items) { // a lone surrogate in a model's output must not break the line
                out.write(Text.wellFormed(JSON.writeValueAsString(toJson(item))).getBytes(StandardCharsets.UTF_8));
                out.write('\n');
            }
        });
    }

    public static List<ItemResult> read(Path file) throws IOException {
        List<ItemResult> items = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                if (!line.isBlank()) {
                    try {
                        items.add(fromJson(JSON.readTree(line)));
                    } catch (IOException | RuntimeException e) {
                        throw new IllegalArgumentException(file + " line " + number + " is not an item result: " + e.getMessage(), e);
                    }
                }
            }
        }
        return items;
    }

    static ObjectNode toJson(ItemResult r) {
        ObjectNode o = JSON.createObjectNode();
        o.put("id", r.id());
        o.put("prompt_sha256", r.promptSha256());
        o.put("prompt", r.prompt());
        o.put("expected", r.expected());
        o.put("scorer", r.scorer());
        o.put("correct", r.correct());
        putIf(o, "extracted", r.extracted());
        putIf(o, "output", r.output());
        putIf(o, "error", r.error());
        putIf(o, "finish_reason", r.finishReason());
        if (r.outputTokens() >= 0) {
            o.put("output_tokens", r.outputTokens());
        }
        o.put("latency_ns", r.latencyNanos());
        if (r.logprobs() != null) {
            ArrayNode lps = o.putArray("logprobs");
            for (TokenLogprob t : r.logprobs()) {
                ObjectNode tn = lps.addObject();
                tn.put("token", t.token());
                tn.put("logprob", t.logprob());
                ObjectNode top = tn.putObject("top");
                t.top().forEach(top::put);
            }
        }
        return o;
    }

    static ItemResult fromJson(JsonNode n) {
        List<TokenLogprob> logprobs = null;
        if (n.path("logprobs").isArray()) {
            logprobs = new ArrayList<>();
            for (JsonNode t : n.get("logprobs")) {
                Map<String, Double> top = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = t.path("top").fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> e = it.next();
                    top.put(e.getKey(), e.getValue().asDouble());
                }
                logprobs.add(new TokenLogprob(t.path("token").asText(), t.path("logprob").asDouble(), top));
            }
        }
        return new ItemResult(n.path("id").asText(null), text(n, "prompt_sha256"), text(n, "prompt"), text(n, "expected"),
                text(n, "scorer"), text(n, "output"), text(n, "extracted"), n.path("correct").asBoolean(false),
                text(n, "error"), text(n, "finish_reason"), n.path("output_tokens").asInt(-1), n.path("latency_ns").asLong(0),
                logprobs);
    }

    private static String text(JsonNode n, String key) {
        return n.hasNonNull(key) ? n.get(key).asText() : null;
    }

    private static void putIf(ObjectNode o, String key, String value) {
        if (value != null) {
            o.put(key, value);
        }
    }
}
