package dev.infergate.quality.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.json.Json;
import dev.infergate.workload.Message;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a user evaluation file: JSONL, one item per line, with {@code prompt} (a string) or
 * {@code messages} (chat messages), {@code answer}, an optional {@code id} (default {@code line-N}) and an
 * optional {@code scorer}: {@code "exact"} (default), {@code "numeric"}, {@code "regex"}, {@code "choice"},
 * or an object {@code {"type": "numeric", "tolerance": 0.01}} / {@code {"type": "choice", "letters": "ABCDE"}}.
 * Blank lines and lines starting with {@code #} are skipped. Mistakes name the file, line and key.
 */
public final class EvalFile {
    private static final ObjectMapper JSON = Json.COMPACT;

    private EvalFile() {}

    public static List<EvalItem> read(Path file) {
        List<EvalItem> items = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                if (line.isBlank() || line.stripLeading().startsWith("#")) {
                    continue;
                }
                try {
                    items.add(parse(JSON.readTree(line), number));
                } catch (IOException e) {
                    throw new IllegalArgumentException(file + " line " + number + " is not JSON: "
                            + e.getMessage().lines().findFirst().orElse(""), e);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(file + " line " + number + ": " + e.getMessage(), e);
                }
            }
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("eval file " + file + " does not exist; give a bundled set ("
                    + BundledEval.names() + ") or a JSONL file", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read eval file " + file + ": " + e.getMessage(), e);
        }
        if (items.isEmpty()) {
            throw new IllegalArgumentException("eval file " + file + " holds no items");
        }
        return items;
    }

    static EvalItem parse(JsonNode node, int line) {
        if (!node.isObject()) {
            throw new IllegalArgumentException("each line must be a JSON object");
        }
        String id = node.hasNonNull("id") ? node.get("id").asText() : "line-" + line;
        List<Message> messages = new ArrayList<>();
        if (node.path("prompt").isTextual()) {
            messages.add(Message.user(node.get("prompt").asText()));
        } else if (node.path("messages").isArray() && !node.get("messages").isEmpty()) {
            for (JsonNode m : node.get("messages")) {
                if (!m.path("role").isTextual() || !m.path("content").isTextual()) {
                    throw new IllegalArgumentException("each message needs a string 'role' and 'content'");
                }
                messages.add(new Message(m.get("role").asText(), m.get("content").asText()));
            }
        } else {
            throw new IllegalArgumentException("needs 'prompt' (a string) or 'messages' (a non-empty array)");
        }
        JsonNode answer = node.get("answer");
        if (answer == null || !(answer.isTextual() || answer.isNumber())) {
            throw new IllegalArgumentException("needs 'answer' (a string or a number)");
        }
        String expected = answer.asText();
        Scorer scorer = scorer(node.get("scorer"), expected);
        if (scorer instanceof Scorer.Regex) {
            Scorer.Regex.compile(expected);
        } else if (scorer instanceof Scorer.Numeric && Normalise.lastNumber(expected) == null) {
            throw new IllegalArgumentException("answer '" + expected + "' holds no number for the numeric scorer");
        } else if (scorer instanceof Scorer.Choice c && !(expected.strip().length() == 1 && c.letters().contains(expected.strip()))) {
            throw new IllegalArgumentException("answer '" + expected + "' must be one of the choice letters " + c.letters());
        }
        return new EvalItem(id, messages, expected, scorer);
    }

    private static Scorer scorer(JsonNode node, String expected) {
        if (node == null || node.isNull()) {
            return new Scorer.Exact();
        }
        String type = node.isTextual() ? node.asText() : node.path("type").asText("");
        return switch (type) {
            case "exact" -> new Scorer.Exact();
            case "numeric" -> new Scorer.Numeric(node.path("tolerance").asDouble(0));
            case "regex" -> new Scorer.Regex();
            case "choice" -> new Scorer.Choice(node.hasNonNull("letters") ? node.get("letters").asText()
                    : defaultLetters(expected));
            default -> throw new IllegalArgumentException("scorer '" + type + "' is unknown; use exact, numeric, regex or choice");
        };
    }

    /** A to D, or up to the expected letter when it is later. */
    private static String defaultLetters(String expected) {
        String e = expected.strip();
        char last = e.length() == 1 && e.charAt(0) >= 'A' && e.charAt(0) <= 'Z' ? (char) Math.max(e.charAt(0), 'D') : 'D';
        StringBuilder sb = new StringBuilder();
        for (char c = 'A'; c <= last; c++) {
            sb.append(c);
        }
        return sb.toString();
    }
}
