package dev.infergate.client.openai;

import static dev.infergate.client.openai.ChunkDecoder.stringOrNull;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * Reads the {@code output} array of a whole (non-streaming) Responses API body: {@code message} items give answer
 * text (their {@code output_text} parts' {@code text}, a {@code refusal} part's {@code refusal}), {@code reasoning}
 * items give reasoning text (their {@code content} and {@code summary} parts), {@code function_call} items give a
 * tool call and its {@code arguments}. An item's fields may come in any order, so its type is applied at its end.
 */
final class ResponseOutput {
    private ResponseOutput() {}

    static void read(JsonParser p, JsonToken value, StringBuilder answer, StringBuilder reasoning, Chunk chunk)
            throws IOException {
        if (value != JsonToken.START_ARRAY) {
            p.skipChildren();
            return;
        }
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t == JsonToken.START_OBJECT) {
                readItem(p, answer, reasoning, chunk);
            } else {
                p.skipChildren();
            }
        }
    }

    private static void readItem(JsonParser p, StringBuilder answer, StringBuilder reasoning, Chunk chunk)
            throws IOException {
        String type = null;
        String arguments = null;
        StringBuilder text = new StringBuilder();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            switch (name) {
                case "type" -> type = stringOrNull(p, v);
                case "arguments", "input" -> arguments = stringOrNull(p, v);
                case "content", "summary" -> readParts(p, v, text);
                default -> p.skipChildren();
            }
        }
        if ("message".equals(type)) {
            answer.append(text);
        } else if ("reasoning".equals(type)) {
            reasoning.append(text);
        } else if (type != null && type.endsWith("call") && arguments != null) {
            chunk.toolCall = true;
            chunk.toolArguments.append(arguments);
        }
    }

    private static void readParts(JsonParser p, JsonToken value, StringBuilder text) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            p.skipChildren();
            return;
        }
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                if ("text".equals(name) || "refusal".equals(name)) {
                    String s = stringOrNull(p, v);
                    text.append(s == null ? "" : s);
                } else {
                    p.skipChildren();
                }
            }
        }
    }
}
