package dev.infergate.client.openai;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.io.JsonEOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Decodes OpenAI-compatible payloads with Jackson's streaming parser (no tree model; unknown fields are
 * skipped): streaming chunks of {@code /v1/chat/completions} ({@code choices[].delta}) and
 * {@code /v1/completions} ({@code choices[].text}), and whole non-streaming bodies
 * ({@code choices[].message} or {@code choices[].text}); {@code choices: []} with {@code usage};
 * several choices; error objects of the forms {@code {"error": {"message": ...}}} (OpenAI, current
 * llama.cpp), {@code {"error": "..."}} and {@code {"object": "error", "message": ...}} (vLLM).
 *
 * <p>Never throws on bad input: anything that is not a JSON object is {@link Chunk.Kind#MALFORMED}.
 * Not thread-safe (the returned {@link Chunk} is reused); one decoder per response or per thread.
 */
public final class ChunkDecoder implements PayloadDecoder {

    /**
     * Jackson's own string-length limit (20 MB by default) would call a large but valid payload "not JSON";
     * infergate's byte limits ({@code --max-event-size}, {@code --max-body-size}) bound every payload before it
     * gets here, so Jackson's is lifted and a too-large payload is reported as such, with its limit.
     */
    static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(Integer.MAX_VALUE).build())
            .build();
    private static final byte[] DONE = "[DONE]".getBytes(StandardCharsets.US_ASCII);

    private final Chunk chunk = new Chunk();
    private String rootObject;
    private String rootMessage;

    /**
     * Decodes one SSE {@code data} payload given as UTF-8 bytes (what the SSE parser holds): no String of the
     * payload is made.
     *
     * @return the reused result, valid until the next call
     */
    @Override
    public Chunk decode(byte[] data, int off, int len) {
        chunk.reset();
        if (isDone(data, off, len)) {
            chunk.kind = Chunk.Kind.DONE;
            return chunk;
        }
        try (JsonParser p = JSON.createParser(data, off, len)) {
            return decode(p);
        } catch (IOException | RuntimeException e) {
            return malformed(e);
        }
    }

    /** Whether the bytes are {@code [DONE]}, give or take surrounding whitespace. */
    private static boolean isDone(byte[] data, int off, int len) {
        int start = off;
        int end = off + len;
        while (start < end && data[start] <= ' ') {
            start++;
        }
        while (end > start && data[end - 1] <= ' ') {
            end--;
        }
        if (end - start != DONE.length) {
            return false;
        }
        for (int i = 0; i < DONE.length; i++) {
            if (data[start + i] != DONE[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Decodes a whole non-streaming response body (or an error body).
     *
     * @return the reused result, valid until the next call
     */
    @Override
    public Chunk decodeBody(byte[] body, int off, int len) {
        chunk.reset();
        try (JsonParser p = JSON.createParser(body, off, len)) {
            return decode(p);
        } catch (IOException | RuntimeException e) {
            return malformed(e);
        }
    }

    private Chunk malformed(Exception e) {
        chunk.reset();
        chunk.kind = Chunk.Kind.MALFORMED;
        chunk.truncated = e instanceof JsonEOFException;
        return chunk;
    }

    private Chunk decode(JsonParser p) throws IOException {
        rootObject = null;
        rootMessage = null;
        if (p.nextToken() != JsonToken.START_OBJECT) {
            chunk.kind = Chunk.Kind.MALFORMED;
            chunk.truncated = p.currentToken() == null;
            return chunk;
        }
        readRoot(p);
        if (p.nextToken() != null) {
            chunk.reset(); // trailing content after the object
            chunk.kind = Chunk.Kind.MALFORMED;
            return chunk;
        }
        if (chunk.errorMessage != null) {
            chunk.kind = Chunk.Kind.ERROR;
        } else if ("error".equals(rootObject)) {
            chunk.kind = Chunk.Kind.ERROR;
            chunk.errorMessage = rootMessage != null ? rootMessage : "error";
        } else {
            chunk.kind = Chunk.Kind.CHUNK;
        }
        return chunk;
    }

    private void readRoot(JsonParser p) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "choices" -> readChoices(p, value);
                case "usage" -> readUsage(p, value);
                case "error" -> readError(p, value);
                case "object" -> rootObject = stringOrNull(p, value);
                case "message" -> rootMessage = stringOrNull(p, value);
                default -> p.skipChildren();
            }
        }
    }

    private void readChoices(JsonParser p, JsonToken value) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            p.skipChildren();
            return;
        }
        int position = 0;
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t == JsonToken.START_OBJECT) {
                readChoice(p, position);
            } else {
                p.skipChildren();
            }
            position++;
        }
    }

    private void readChoice(JsonParser p, int position) throws IOException {
        ChoiceReader c = new ChoiceReader(chunk.toolArguments.length());
        int index = position;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "index" -> index = value == JsonToken.VALUE_NUMBER_INT ? p.getIntValue() : index;
                case "delta", "message" -> c.readMessage(p, value);
                case "text" -> c.content = stringOrNull(p, value);
                case "finish_reason" -> c.finishReason = stringOrNull(p, value);
                default -> p.skipChildren();
            }
        }
        c.commit(index == 0);
    }

    private void readUsage(JsonParser p, JsonToken value) throws IOException {
        readUsage(p, value, chunk, UsageKeys.CHAT_COMPLETIONS);
    }

    /**
     * The names of a usage object's fields: Chat Completions and the Responses API differ only there.
     *
     * @param promptDetails     the object holding {@code cached_tokens}
     * @param completionDetails the object holding {@code reasoning_tokens}
     */
    record UsageKeys(String prompt, String completion, String promptDetails, String completionDetails) {
        static final UsageKeys CHAT_COMPLETIONS = new UsageKeys("prompt_tokens", "completion_tokens",
                "prompt_tokens_details", "completion_tokens_details");
        static final UsageKeys RESPONSES = new UsageKeys("input_tokens", "output_tokens", "input_tokens_details",
                "output_tokens_details");
    }

    /**
     * Reads a usage object into {@code chunk}: the prompt and completion token counts, the cached tokens of the
     * prompt's details and the reasoning tokens of the completion's, under the API's {@code keys}.
     */
    static void readUsage(JsonParser p, JsonToken value, Chunk chunk, UsageKeys keys) throws IOException {
        if (!enterObject(p, value)) {
            return;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            if (name.equals(keys.prompt())) {
                chunk.promptTokens = intOr(p, v, -1);
            } else if (name.equals(keys.completion())) {
                chunk.completionTokens = intOr(p, v, -1);
            } else if (name.equals(keys.promptDetails())) {
                readCachedTokens(p, v, chunk);
            } else if (name.equals(keys.completionDetails())) {
                chunk.reasoningTokens = UsageDetails.reasoningTokens(p, v);
            } else {
                p.skipChildren();
            }
        }
    }

    private static void readCachedTokens(JsonParser p, JsonToken value, Chunk chunk) throws IOException {
        if (!enterObject(p, value)) {
            return;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            if ("cached_tokens".equals(name)) {
                chunk.cachedTokens = intOr(p, v, -1);
            } else {
                p.skipChildren();
            }
        }
    }

    private void readError(JsonParser p, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_STRING) {
            chunk.errorMessage = p.getText();
            return;
        }
        if (!enterObject(p, value)) {
            return; // "error": null is no error
        }
        String message = null;
        String type = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            switch (name) {
                case "message" -> message = stringOrNull(p, v);
                case "type" -> type = stringOrNull(p, v);
                default -> p.skipChildren();
            }
        }
        chunk.errorMessage = message != null ? message : type != null ? type : "error";
    }

    /** One choice's fields, kept apart until its {@code index} is known (it may come after the text). */
    private final class ChoiceReader {
        private final int argumentsStart;
        String content;
        String reasoning;
        String finishReason;
        boolean role;
        boolean toolCall;

        ChoiceReader(int argumentsStart) {
            this.argumentsStart = argumentsStart;
        }

        void readMessage(JsonParser p, JsonToken value) throws IOException {
            if (!enterObject(p, value)) {
                return;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                switch (name) {
                    case "content" -> content = stringOrNull(p, v);
                    case "reasoning_content", "reasoning" -> reasoning = firstNonEmpty(reasoning, stringOrNull(p, v));
                    case "role" -> role = stringOrNull(p, v) != null;
                    case "tool_calls" -> readToolCalls(p, v);
                    default -> p.skipChildren();
                }
            }
        }

        private void readToolCalls(JsonParser p, JsonToken value) throws IOException {
            if (value != JsonToken.START_ARRAY) {
                p.skipChildren();
                return;
            }
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                toolCall = true;
                if (t != JsonToken.START_OBJECT) {
                    p.skipChildren();
                    continue;
                }
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken v = p.nextToken();
                    if ("function".equals(name) && v == JsonToken.START_OBJECT) {
                        readFunction(p);
                    } else {
                        p.skipChildren();
                    }
                }
            }
        }

        private void readFunction(JsonParser p) throws IOException {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                if ("arguments".equals(name) && v == JsonToken.VALUE_STRING) {
                    chunk.toolArguments.append(p.getText());
                } else {
                    p.skipChildren();
                }
            }
        }

        void commit(boolean primary) {
            boolean hasReasoning = reasoning != null && !reasoning.isEmpty();
            chunk.output |= (content != null && !content.isEmpty()) || hasReasoning || toolCall;
            chunk.reasoningInAnyChoice |= hasReasoning;
            chunk.answerInAnyChoice |= (content != null && !content.isEmpty()) || toolCall;
            chunk.toolCallInAnyChoice |= toolCall;
            if (!primary) {
                chunk.toolArguments.setLength(argumentsStart);
                return;
            }
            chunk.content = content;
            chunk.reasoning = reasoning;
            chunk.finishReason = finishReason;
            chunk.role = role;
            chunk.toolCall = toolCall;
        }
    }

    /** True when {@code value} starts an object to read; otherwise skips the value and returns false. */
    static boolean enterObject(JsonParser p, JsonToken value) throws IOException {
        if (value == JsonToken.START_OBJECT) {
            return true;
        }
        p.skipChildren();
        return false;
    }

    private static String firstNonEmpty(String a, String b) {
        return a != null && !a.isEmpty() ? a : b;
    }

    static String stringOrNull(JsonParser p, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_STRING) {
            return p.getText();
        }
        p.skipChildren();
        return null;
    }

    static int intOr(JsonParser p, JsonToken value, int fallback) throws IOException {
        if (value == JsonToken.VALUE_NUMBER_INT) {
            return p.getIntValue();
        }
        p.skipChildren();
        return fallback;
    }
}
