package dev.infergate.sim.http;

/**
 * The JSON of one response in the OpenAI wire format, as vLLM writes it: chunk objects for SSE events and
 * the whole body for non-streaming answers. One instance per request (its id, creation time and model).
 */
final class OpenAiFormat {
    private final boolean chat;
    private final String head;

    OpenAiFormat(boolean chat, String id, long createdEpochSeconds, String model, boolean stream) {
        this.chat = chat;
        String object = chat ? (stream ? "chat.completion.chunk" : "chat.completion") : "text_completion";
        this.head = "{\"id\":" + Json.quote(id) + ",\"object\":\"" + object + "\",\"created\":" + createdEpochSeconds
                + ",\"model\":" + Json.quote(model) + ",\"choices\":[";
    }

    /** Chat only: the first event, {@code delta: {role: assistant, content: ""}}. */
    String roleChunk(String usage) {
        return head + "{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"logprobs\":null,"
                + "\"finish_reason\":null}]" + usageField(usage) + "}";
    }

    /**
     * Appends the SSE event ({@code data: {chunk}\n\n}) with output text to {@code out}; the last one also
     * carries the finish reason (null otherwise). Written in place: at a thousand streams the simulator
     * formats tens of thousands of these a second, and every intermediate string is garbage.
     */
    void appendTextEvent(StringBuilder out, String text, String finishReason, String usage) {
        out.append("data: ").append(head).append("{\"index\":0,");
        out.append(chat ? "\"delta\":{\"content\":\"" : "\"text\":\"");
        Json.appendEscaped(out, text);
        out.append(chat ? "\"}," : "\",");
        out.append("\"logprobs\":null,\"finish_reason\":").append(Json.quote(finishReason)).append("}]");
        if (usage != null) {
            out.append(",\"usage\":").append(usage);
        }
        out.append("}\n\n");
    }

    /** The {@code include_usage} event after the last text: no choices, only usage. */
    String usageChunk(String usage) {
        return head + "]" + usageField(usage) + "}";
    }

    /** A whole non-streaming answer. */
    String body(String text, String finishReason, String usage) {
        String choice = chat
                ? "{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":" + Json.quote(text)
                        + ",\"refusal\":null},\"logprobs\":null,\"finish_reason\":" + Json.quote(finishReason) + "}"
                : "{\"index\":0,\"text\":" + Json.quote(text) + ",\"logprobs\":null,\"finish_reason\":"
                        + Json.quote(finishReason) + "}";
        return head + choice + "]" + usageField(usage) + "}";
    }

    /** The {@code usage} object. */
    static String usage(int promptTokens, int completionTokens, int cachedTokens) {
        return "{\"prompt_tokens\":" + promptTokens + ",\"total_tokens\":" + (promptTokens + completionTokens)
                + ",\"completion_tokens\":" + completionTokens + ",\"prompt_tokens_details\":{\"cached_tokens\":"
                + Math.max(0, cachedTokens) + "}}";
    }

    private static String usageField(String usage) {
        return usage == null ? "" : ",\"usage\":" + usage;
    }

    /** One SSE event. */
    static String event(String json) {
        return "data: " + json + "\n\n";
    }
}
