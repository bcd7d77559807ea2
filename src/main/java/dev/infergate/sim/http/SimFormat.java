package dev.infergate.sim.http;

/**
 * One API's wire format for the simulator's answers: SSE events while streaming and the whole body otherwise.
 * {@link OpenAiFormat} writes chat and completions as vLLM does; {@link ResponsesFormat} writes the Responses API.
 * One instance per request ({@link ResponsesFormat} keeps the open output item between events).
 */
interface SimFormat {

    /** Appends the events that come before the first token (chat: the role event), with usage when not null. */
    void appendStart(StringBuilder out, String usage);

    /** Appends the event(s) carrying answer text; the last one passes the finish reason (null otherwise). */
    void appendTextEvent(StringBuilder out, String text, String finishReason, String usage);

    /**
     * Appends the event of tokens that are reasoning ({@code kind} {@code reasoning}) or part of a tool call's
     * arguments ({@code kind} {@code tool}; {@code firstTool}: the call's first delta, with its id and name).
     */
    void appendDeltaEvent(StringBuilder out, String kind, String text, boolean firstTool, String toolName, String callId,
            String finishReason, String usage);

    /** Appends what follows the last token: usage when asked for, and the stream's end. */
    void appendEnd(StringBuilder out, boolean includeUsage, String usage);

    /** A whole non-streaming answer of plain text. */
    String body(String text, String finishReason, String usage);

    /** A whole non-streaming answer with reasoning (null for none) and/or a tool call (toolName not null). */
    String body(String reasoning, String content, String toolName, String callId, String finishReason, String usage);

    /** The usage object of this API. */
    String usage(int promptTokens, int completionTokens, int cachedTokens);
}
