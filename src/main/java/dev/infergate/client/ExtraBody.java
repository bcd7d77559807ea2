package dev.infergate.client;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.infergate.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Fields merged into every request body ({@code --extra-body}): sampling settings, {@code chat_template_kwargs},
 * {@code tools}/{@code tool_choice}, vendor fields. Kept as each top-level field's JSON text, so encoding a
 * request copies them without parsing. A field of the same name as one infergate writes ({@code max_tokens},
 * {@code stream}, ...) replaces it: the user's word wins, and run.json shows it.
 *
 * @param rawFields top-level field name → its value as JSON text, in the order given
 */
public record ExtraBody(Map<String, String> rawFields) {
    /** No extra fields. */
    public static final ExtraBody NONE = new ExtraBody(Map.of());
    private static final ObjectMapper JSON = Json.COMPACT;
    /** Field names whose values run.json does not show: they may hold credentials. */
    private static final Pattern SECRET = Pattern.compile("(?i).*(key|token|secret|password|auth|credential).*");

    public ExtraBody {
        rawFields = Collections.unmodifiableMap(new LinkedHashMap<>(rawFields == null ? Map.of() : rawFields));
    }

    /** The fields of a JSON object. */
    public static ExtraBody of(JsonNode object) {
        if (object == null || !object.isObject()) {
            throw new IllegalArgumentException("the extra body must be a JSON object, e.g. {\"temperature\": 0}");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            fields.put(e.getKey(), e.getValue().toString());
        }
        return new ExtraBody(fields);
    }

    /**
     * Parses {@code --extra-body}: a JSON object, or {@code @FILE} holding one.
     *
     * @throws IllegalArgumentException naming what is wrong (one line)
     */
    public static ExtraBody parse(String option) {
        String text = option == null ? "" : option.trim();
        String what = "--extra-body";
        if (text.startsWith("@")) {
            Path file = Path.of(text.substring(1));
            what = "--extra-body " + text;
            try {
                text = Files.readString(file);
            } catch (IOException e) {
                throw new IllegalArgumentException(what + ": cannot read " + file + " (" + e.getMessage() + ")", e);
            }
        }
        try {
            return of(JSON.readTree(text));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(what + " is not JSON (" + e.getOriginalMessage() + "); write an object, e.g. "
                    + "'{\"temperature\": 0}', or @file.json", e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
    }

    /** These fields plus {@code name} (JSON text {@code rawJson}), unless they set it already: the user's word wins. */
    public ExtraBody withDefault(String name, String rawJson) {
        if (has(name)) {
            return this;
        }
        Map<String, String> fields = new LinkedHashMap<>(rawFields);
        fields.put(name, rawJson);
        return new ExtraBody(fields);
    }

    public boolean isEmpty() {
        return rawFields.isEmpty();
    }

    /** Whether the extra body sets top-level field {@code name} (then infergate does not write its own). */
    public boolean has(String name) {
        return rawFields.containsKey(name);
    }

    /** Writes the fields into the object {@code g} is in. */
    public void writeTo(JsonGenerator g) throws IOException {
        for (Map.Entry<String, String> e : rawFields.entrySet()) {
            g.writeFieldName(e.getKey());
            g.writeRawValue(e.getValue());
        }
    }

    /** For run.json: the fields, with values of names that may hold credentials ({@code api_key}, ...) replaced. */
    public JsonNode describe() {
        ObjectNode out = JSON.createObjectNode();
        rawFields.forEach((k, v) -> {
            try {
                out.set(k, redacted(k, JSON.readTree(v)));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("stored JSON does not parse", e);
            }
        });
        return out;
    }

    private static JsonNode redacted(String name, JsonNode value) {
        if (SECRET.matcher(name).matches()) {
            return JSON.getNodeFactory().textNode("<redacted>");
        }
        if (value.isObject()) {
            ObjectNode copy = JSON.createObjectNode();
            value.fields().forEachRemaining(e -> copy.set(e.getKey(), redacted(e.getKey(), e.getValue())));
            return copy;
        }
        return value;
    }
}
