package dev.infergate.workload.trace;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.infergate.workload.Message;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A jsonl trace line's own input, sent as written: a {@code prompt} string or chat {@code messages} (objects with
 * a {@code role} and a text {@code content}). Exactly one of the two is set. {@link #SKIPPED} stands for an input
 * that was present but not read (the schedule reads times and lengths only).
 *
 * @param prompt   the prompt text, or null
 * @param messages the chat messages, or null
 */
public record TraceLiteral(String prompt, List<Message> messages) {
    /** Present on the line, not read. */
    public static final TraceLiteral SKIPPED = new TraceLiteral("", null);

    public TraceLiteral {
        if ((prompt == null) == (messages == null)) {
            throw new IllegalArgumentException("exactly one of prompt and messages must be set");
        }
        if (messages != null) {
            if (messages.isEmpty()) {
                throw new IllegalArgumentException("\"messages\" must not be empty");
            }
            messages = List.copyOf(messages);
        }
    }

    /** The text the tokenizer counts: the prompt, or every message's content. */
    public List<String> texts() {
        return prompt != null ? List.of(prompt) : messages.stream().map(Message::content).toList();
    }

    /** {@code "prompt": "..."}: the value token is {@code value}. */
    static TraceLiteral prompt(JsonParser p, JsonToken value) throws IOException {
        if (value != JsonToken.VALUE_STRING || p.getText().isEmpty()) {
            throw new IllegalArgumentException("\"prompt\" must be a non-empty string");
        }
        return new TraceLiteral(p.getText(), null);
    }

    /** {@code "messages": [{"role": "user", "content": "..."}, ...]}: the value token is {@code value}. */
    static TraceLiteral messages(JsonParser p, JsonToken value) throws IOException {
        String shape = "\"messages\" must be a non-empty array of {\"role\": ..., \"content\": \"text\"}";
        if (value != JsonToken.START_ARRAY) {
            throw new IllegalArgumentException(shape);
        }
        List<Message> messages = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            if (t != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException(shape);
            }
            String role = null;
            String content = null;
            for (JsonToken f = p.nextToken(); f == JsonToken.FIELD_NAME; f = p.nextToken()) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                if (("role".equals(name) || "content".equals(name)) && v != JsonToken.VALUE_STRING) {
                    throw new IllegalArgumentException(shape + " (a message's " + name + " is not a string)");
                }
                switch (name) {
                    case "role" -> role = p.getText();
                    case "content" -> content = p.getText();
                    default -> p.skipChildren();
                }
            }
            if (role == null || role.isBlank() || content == null) {
                throw new IllegalArgumentException(shape + " (message " + (messages.size() + 1) + " lacks a role or content)");
            }
            messages.add(new Message(role, content));
        }
        if (messages.isEmpty()) {
            throw new IllegalArgumentException(shape);
        }
        return new TraceLiteral(null, messages);
    }
}
