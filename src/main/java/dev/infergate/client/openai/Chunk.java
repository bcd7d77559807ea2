package dev.infergate.client.openai;

/**
 * What {@link ChunkDecoder} found in one SSE {@code data} payload or one non-streaming body. Mutable and
 * reused: the decoder overwrites it on every call, so read it before decoding the next payload.
 *
 * <p>Text and flags come from the choice with {@code index} 0; {@link #hasOutput()} is true when
 * <em>any</em> choice carried output. Token counts are -1 when the payload had no {@code usage}.
 */
public final class Chunk {

    /** The kind of payload. */
    public enum Kind {
        /** The {@code [DONE]} sentinel. */
        DONE,
        /** A JSON object of the expected shape (a chunk, or a whole non-streaming response). */
        CHUNK,
        /** An error object: {@code {"error": {...}}}, {@code {"error": "..."}} or {@code {"object": "error", ...}}. */
        ERROR,
        /** Not valid JSON, or not a JSON object. */
        MALFORMED
    }

    Kind kind = Kind.MALFORMED;
    String content;
    String reasoning;
    final StringBuilder toolArguments = new StringBuilder();
    boolean toolCall;
    boolean role;
    String finishReason;
    boolean output;
    boolean reasoningInAnyChoice;
    boolean answerInAnyChoice;
    boolean toolCallInAnyChoice;
    int promptTokens = -1;
    int completionTokens = -1;
    int cachedTokens = -1;
    int reasoningTokens = -1;
    String errorMessage;
    boolean truncated;

    void reset() {
        kind = Kind.MALFORMED;
        content = null;
        reasoning = null;
        toolArguments.setLength(0);
        toolCall = false;
        role = false;
        finishReason = null;
        output = false;
        reasoningInAnyChoice = false;
        answerInAnyChoice = false;
        toolCallInAnyChoice = false;
        promptTokens = -1;
        completionTokens = -1;
        cachedTokens = -1;
        reasoningTokens = -1;
        errorMessage = null;
        truncated = false;
    }

    public Kind kind() {
        return kind;
    }

    /** {@code delta.content}, {@code message.content} or {@code text} of choice 0; null when absent or null. */
    public String content() {
        return content;
    }

    /** {@code reasoning_content} or {@code reasoning} of choice 0; null when absent. */
    public String reasoning() {
        return reasoning;
    }

    /** The {@code function.arguments} of every tool-call entry of choice 0, concatenated; empty when none. */
    public CharSequence toolArguments() {
        return toolArguments;
    }

    /** Whether choice 0 had at least one {@code tool_calls} entry. */
    public boolean hasToolCall() {
        return toolCall;
    }

    /** Whether choice 0 carried a non-null {@code role}. */
    public boolean hasRole() {
        return role;
    }

    /** The {@code finish_reason} of choice 0, or null. */
    public String finishReason() {
        return finishReason;
    }

    /**
     * Whether any choice carried generated output: non-empty content or text, non-empty reasoning, or a
     * tool-call entry. Role-only, empty, null, finish-only and usage-only payloads carry none.
     */
    public boolean hasOutput() {
        return output;
    }

    /** Whether any choice carried non-empty reasoning text. */
    public boolean hasReasoning() {
        return reasoningInAnyChoice;
    }

    /** Whether any choice carried answer output: non-empty content or text, or a tool-call entry (not reasoning). */
    public boolean hasAnswer() {
        return answerInAnyChoice;
    }

    /** Whether any choice carried a tool-call entry. */
    public boolean hasToolCallInAnyChoice() {
        return toolCallInAnyChoice;
    }

    /** Whether the payload had a {@code usage} object with {@code completion_tokens}. */
    public boolean hasUsage() {
        return completionTokens >= 0;
    }

    /** {@code usage.prompt_tokens}, or -1. */
    public int promptTokens() {
        return promptTokens;
    }

    /** {@code usage.completion_tokens}, or -1. */
    public int completionTokens() {
        return completionTokens;
    }

    /** {@code usage.prompt_tokens_details.cached_tokens}, or -1. */
    public int cachedTokens() {
        return cachedTokens;
    }

    /**
     * {@code usage.completion_tokens_details.reasoning_tokens} (chat, as vLLM and OpenAI send it) or
     * {@code usage.output_tokens_details.reasoning_tokens} (Responses), or -1.
     */
    public int reasoningTokens() {
        return reasoningTokens;
    }

    /** For {@link Kind#ERROR}: the error's message (or type, or the raw string); else null. */
    public String errorMessage() {
        return errorMessage;
    }

    /** For {@link Kind#MALFORMED}: whether the JSON was cut short (ended early) rather than invalid. */
    public boolean truncated() {
        return truncated;
    }

    /** Appends choice 0's generated text (content, reasoning, tool-call arguments) to {@code out}. */
    public void appendOutputText(StringBuilder out) {
        if (reasoning != null) {
            out.append(reasoning);
        }
        if (content != null) {
            out.append(content);
        }
        out.append(toolArguments);
    }
}
