package dev.infergate.workload;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.json.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a dataset file into {@link DatasetItem}s and counts their tokens in one batched call. A problem in
 * the file is a {@link WorkloadException} of one line: {@code FILE line N: what is wrong}. ShareGPT
 * conversations that have no human turn followed by a gpt reply are skipped (the public ShareGPT dumps
 * hold some), and counted in {@link Loaded#skipped()}.
 */
public final class DatasetLoader {
    private static final ObjectMapper JSON = Json.COMPACT;

    private DatasetLoader() {}

    /** The usable items, in file order, and how many entries were skipped. */
    public record Loaded(List<DatasetItem> items, int skipped) {}

    /** Reads {@code file} in {@code format}, counting tokens with {@code tokenizer}. */
    public static Loaded load(Path file, DatasetFormat format, Tokenizer tokenizer) {
        List<Raw> raw = new ArrayList<>();
        int skipped;
        try {
            skipped = format == DatasetFormat.JSONL ? readJsonl(file, raw) : readShareGpt(file, raw);
        } catch (IOException e) {
            throw new WorkloadException(file + ": cannot read dataset (" + e.getMessage() + ")", e);
        }
        if (raw.isEmpty()) {
            throw new WorkloadException(file + ": no usable entries in this " + format.label() + " dataset");
        }
        List<String> texts = new ArrayList<>();
        for (Raw r : raw) {
            texts.addAll(r.inputs());
            if (r.reply() != null) {
                texts.add(r.reply());
            }
        }
        int[] counts = tokenizer.countAll(texts);
        List<DatasetItem> items = new ArrayList<>(raw.size());
        int next = 0;
        for (Raw r : raw) {
            int input = 0;
            for (int i = 0; i < r.inputs().size(); i++) {
                input += counts[next++];
            }
            Integer maxTokens = r.maxTokens();
            if (r.reply() != null) {
                maxTokens = Math.max(1, counts[next++]);
            }
            items.add(new DatasetItem(r.prompt(), r.messages(), input, maxTokens, r.source(), r.media()));
        }
        return new Loaded(List.copyOf(items), skipped);
    }

    /** An entry before counting: texts to count for the input, and the reply whose count is max_tokens. */
    private record Raw(String prompt, List<Message> messages, Integer maxTokens, String reply, String source,
            List<MediaPart> media) {
        Raw(String prompt, List<Message> messages, Integer maxTokens, String reply, String source) {
            this(prompt, messages, maxTokens, reply, source, List.of());
        }

        List<String> inputs() {
            return prompt != null ? List.of(prompt) : messages.stream().map(Message::content).toList();
        }
    }

    private static int readJsonl(Path file, List<Raw> out) throws IOException {
        String name = file.getFileName().toString();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int lineNumber = 0;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lineNumber++;
                if (line.isBlank()) {
                    continue;
                }
                String where = file + " line " + lineNumber;
                JsonNode node;
                try {
                    node = JSON.readTree(line);
                } catch (JsonProcessingException e) {
                    throw new WorkloadException(where + ": not valid JSON (" + e.getOriginalMessage() + ")", e);
                }
                Raw entry = jsonlEntry(node, where, name + ":" + lineNumber);
                List<MediaPart> images = DatasetImages.read(node.get("images"), file, where);
                out.add(images.isEmpty() ? entry : new Raw(entry.prompt(), entry.messages(), entry.maxTokens(),
                        entry.reply(), entry.source(), images));
            }
        }
        return 0;
    }

    private static Raw jsonlEntry(JsonNode node, String where, String source) {
        if (!node.isObject()) {
            throw new WorkloadException(where + ": expected a JSON object with \"prompt\" or \"messages\"");
        }
        Integer maxTokens = null;
        JsonNode max = node.get("max_tokens");
        if (max != null && !max.isNull()) {
            if (!max.canConvertToInt() || !max.isIntegralNumber() || max.intValue() < 1) {
                throw new WorkloadException(where + ": \"max_tokens\" must be an integer >= 1, not " + max);
            }
            maxTokens = max.intValue();
        }
        JsonNode prompt = node.get("prompt");
        JsonNode messages = node.get("messages");
        if (prompt != null && prompt.isTextual() && messages == null) {
            return new Raw(prompt.textValue(), null, maxTokens, null, source);
        }
        if (messages != null && messages.isArray() && !messages.isEmpty() && prompt == null) {
            List<Message> list = new ArrayList<>();
            for (JsonNode m : messages) {
                JsonNode role = m.get("role");
                JsonNode content = m.get("content");
                if (role == null || !role.isTextual() || role.textValue().isBlank() || content == null || !content.isTextual()) {
                    throw new WorkloadException(where + ": each message needs a text \"role\" and \"content\"");
                }
                list.add(new Message(role.textValue(), content.textValue()));
            }
            return new Raw(null, list, maxTokens, null, source);
        }
        throw new WorkloadException(where
                + ": expected exactly one of \"prompt\" (a string) or \"messages\" (a non-empty array)");
    }

    private static int readShareGpt(Path file, List<Raw> out) throws IOException {
        String name = file.getFileName().toString();
        int skipped = 0;
        try (JsonParser parser = JSON.createParser(file.toFile())) {
            if (parser.nextToken() != JsonToken.START_ARRAY) {
                throw new WorkloadException(file + " line " + parser.currentTokenLocation().getLineNr()
                        + ": expected a JSON array of conversations");
            }
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                int line = parser.currentTokenLocation().getLineNr();
                JsonNode node = parser.readValueAsTree();
                String where = file + " line " + line;
                JsonNode conversations = node == null ? null : node.get("conversations");
                if (conversations == null || !conversations.isArray()) {
                    throw new WorkloadException(where + ": expected an object with a \"conversations\" array");
                }
                Raw raw = shareGptEntry(conversations, where, name + ":" + line);
                if (raw == null) {
                    skipped++;
                } else {
                    out.add(raw);
                }
            }
        } catch (JsonProcessingException e) {
            throw new WorkloadException(file + " line " + e.getLocation().getLineNr() + ": not valid JSON ("
                    + e.getOriginalMessage() + ")", e);
        }
        return skipped;
    }

    /** The first human turn and the gpt reply after it, or null when the conversation has none. */
    private static Raw shareGptEntry(JsonNode conversations, String where, String source) {
        String prompt = null;
        for (JsonNode turn : conversations) {
            JsonNode from = turn.get("from");
            JsonNode value = turn.get("value");
            if (from == null || !from.isTextual() || value == null || !value.isTextual()) {
                throw new WorkloadException(where + ": each turn needs a text \"from\" and \"value\"");
            }
            if (prompt == null && from.textValue().equals("human") && !value.textValue().isBlank()) {
                prompt = value.textValue();
            } else if (prompt != null && from.textValue().equals("gpt")) {
                return new Raw(prompt, null, null, value.textValue(), source);
            }
        }
        return null;
    }
}
