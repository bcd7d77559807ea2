package dev.infergate.client.openai;

import static dev.infergate.client.openai.ChunkDecoder.enterObject;
import static dev.infergate.client.openai.ChunkDecoder.intOr;
import static dev.infergate.client.openai.ChunkDecoder.stringOrNull;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import java.io.IOException;

/**
 * Decodes the OpenAI Responses API ({@code POST /v1/responses}) with Jackson's streaming parser, into the same
 * {@link Chunk} the chat decoder fills, so a response's deltas are timed and classified by the same rules.
 *
 * <p>Streaming: each SSE event's data is an object with a {@code type}. Output-carrying events are the deltas:
 * {@code response.output_text.delta} and {@code response.refusal.delta} (answer), {@code response.reasoning_text.delta},
 * {@code response.reasoning_summary_text.delta} and any other {@code response.reasoning*.delta} (reasoning),
 * {@code response.function_call_arguments.delta} and {@code response.custom_tool_call_input.delta} (tool call).
 * An empty delta carries nothing. The {@code *.done}, {@code content_part}, {@code output_item} and lifecycle
 * events repeat text already delivered or carry none, and never count as output. The stream has no
 * {@code [DONE]}: {@code response.completed} ends it (finish reason {@code stop}, usage from
 * {@code response.usage}: {@code input_tokens}, {@code output_tokens}, {@code input_tokens_details.cached_tokens}),
 * {@code response.incomplete} ends it cut short ({@code max_output_tokens} becomes finish reason {@code length}),
 * and {@code response.failed} ({@code response.error.message}) or {@code error} ({@code message}) fail it.
 *
 * <p>Non-streaming: the whole Response object; its {@code output} items give the text ({@code message} content
 * parts, {@code reasoning} content and summary, {@code function_call} arguments). Error bodies as in
 * {@link ChunkDecoder}. Never throws on bad input. Not thread-safe; one decoder per response.
 */
public final class ResponsesDecoder implements PayloadDecoder {

    private final Chunk chunk = new Chunk();
    private final StringBuilder answerText = new StringBuilder();
    private final StringBuilder reasoningText = new StringBuilder();
    private String type;
    private String delta;
    private String message;
    private String code;
    private String rootObject;
    private String status;
    private String incompleteReason;
    private String errorMessage;

    @Override
    public Chunk decode(byte[] data, int off, int len) {
        return parse(data, off, len, false);
    }

    @Override
    public Chunk decodeBody(byte[] body, int off, int len) {
        return parse(body, off, len, true);
    }

    private Chunk parse(byte[] data, int off, int len, boolean wholeBody) {
        reset();
        try (JsonParser p = ChunkDecoder.JSON.createParser(data, off, len)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return malformed(p.currentToken() == null);
            }
            readObject(p, wholeBody);
            if (p.nextToken() != null) {
                return malformed(false); // trailing content after the object
            }
        } catch (IOException | RuntimeException e) {
            return malformed(e instanceof JsonEOFException);
        }
        return wholeBody ? classifyBody() : classifyEvent();
    }

    private void reset() {
        chunk.reset();
        answerText.setLength(0);
        reasoningText.setLength(0);
        type = null;
        delta = null;
        message = null;
        code = null;
        rootObject = null;
        status = null;
        incompleteReason = null;
        errorMessage = null;
    }

    private Chunk malformed(boolean truncated) {
        chunk.reset();
        chunk.kind = Chunk.Kind.MALFORMED;
        chunk.truncated = truncated;
        return chunk;
    }

    /** An event's fields, or (for a whole body) the Response object's own fields, which sit at the root. */
    private void readObject(JsonParser p, boolean wholeBody) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "type" -> type = stringOrNull(p, value);
                case "delta" -> delta = stringOrNull(p, value);
                case "message" -> message = stringOrNull(p, value);
                case "code" -> code = value == JsonToken.VALUE_STRING ? p.getText() : skip(p);
                case "object" -> rootObject = stringOrNull(p, value);
                case "response" -> readResponse(p, value);
                default -> readResponseField(p, name, value, wholeBody);
            }
        }
    }

    private void readResponse(JsonParser p, JsonToken value) throws IOException {
        if (!enterObject(p, value)) {
            return;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            readResponseField(p, name, p.nextToken(), false);
        }
    }

    /** A field of a Response object; its {@code output} is read only from a whole body (events repeat it). */
    private void readResponseField(JsonParser p, String name, JsonToken value, boolean withOutput) throws IOException {
        switch (name) {
            case "status" -> status = stringOrNull(p, value);
            case "usage" -> readUsage(p, value);
            case "error" -> readError(p, value);
            case "incomplete_details" -> incompleteReason = readReason(p, value);
            case "output" -> {
                if (withOutput) {
                    ResponseOutput.read(p, value, answerText, reasoningText, chunk);
                } else {
                    p.skipChildren();
                }
            }
            default -> p.skipChildren();
        }
    }

    private void readUsage(JsonParser p, JsonToken value) throws IOException {
        ChunkDecoder.readUsage(p, value, chunk, ChunkDecoder.UsageKeys.RESPONSES);
    }

    private void readError(JsonParser p, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_STRING) {
            errorMessage = p.getText();
            return;
        }
        if (!enterObject(p, value)) {
            return; // "error": null is no error
        }
        String text = null;
        String kind = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            switch (name) {
                case "message" -> text = stringOrNull(p, v);
                case "type", "code" -> kind = kind != null ? kind : stringOrNull(p, v);
                default -> p.skipChildren();
            }
        }
        errorMessage = text != null ? text : kind != null ? kind : "error";
    }

    private static String readReason(JsonParser p, JsonToken value) throws IOException {
        if (!enterObject(p, value)) {
            return null;
        }
        String reason = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            if ("reason".equals(name)) {
                reason = stringOrNull(p, v);
            } else {
                p.skipChildren();
            }
        }
        return reason;
    }

    private static String skip(JsonParser p) throws IOException {
        p.skipChildren();
        return null;
    }

    private Chunk classifyEvent() {
        String t = type == null ? "" : type;
        if (t.equals("error")) {
            return error(message != null ? message : errorMessage != null ? errorMessage : code != null ? code : "error");
        }
        if (t.equals("response.failed")) {
            return error(errorMessage != null ? errorMessage : "response.failed (no error message)");
        }
        if (type == null && (errorMessage != null || "error".equals(rootObject))) {
            return error(errorMessage != null ? errorMessage : message != null ? message : "error");
        }
        chunk.kind = Chunk.Kind.CHUNK;
        switch (t) {
            case "response.completed" -> chunk.finishReason = "stop";
            case "response.incomplete" -> chunk.finishReason = incompleteFinish();
            case "response.output_text.delta", "response.refusal.delta" -> chunk.content = delta;
            case "response.function_call_arguments.delta", "response.custom_tool_call_input.delta" -> {
                if (delta != null && !delta.isEmpty()) {
                    chunk.toolCall = true;
                    chunk.toolArguments.append(delta);
                }
            }
            default -> {
                if (t.startsWith("response.reasoning") && t.endsWith(".delta")) {
                    chunk.reasoning = delta;
                }
            }
        }
        flags();
        return chunk;
    }

    private Chunk classifyBody() {
        if (errorMessage != null || "error".equals(rootObject) || "failed".equals(status)) {
            return error(errorMessage != null ? errorMessage : message != null ? message : "response failed");
        }
        chunk.kind = Chunk.Kind.CHUNK;
        chunk.content = answerText.length() > 0 ? answerText.toString() : null;
        chunk.reasoning = reasoningText.length() > 0 ? reasoningText.toString() : null;
        chunk.finishReason = "completed".equals(status) ? "stop" : "incomplete".equals(status) ? incompleteFinish() : null;
        flags();
        return chunk;
    }

    /** {@code max_output_tokens} is the Responses API's {@code length}; any other reason is kept as sent. */
    private String incompleteFinish() {
        return incompleteReason == null ? "incomplete" : "max_output_tokens".equals(incompleteReason) ? "length" : incompleteReason;
    }

    private Chunk error(String text) {
        chunk.reset();
        chunk.kind = Chunk.Kind.ERROR;
        chunk.errorMessage = text;
        return chunk;
    }

    /** The same output flags as a chat chunk: reasoning, answer (text or a tool call), any output at all. */
    private void flags() {
        boolean answer = (chunk.content != null && !chunk.content.isEmpty()) || chunk.toolCall;
        boolean reasoning = chunk.reasoning != null && !chunk.reasoning.isEmpty();
        chunk.output = answer || reasoning;
        chunk.answerInAnyChoice = answer;
        chunk.reasoningInAnyChoice = reasoning;
        chunk.toolCallInAnyChoice = chunk.toolCall;
    }
}
