package dev.infergate.sim.http;

/**
 * The JSON of one response in the OpenAI wire format, as vLLM writes it: chunk objects for SSE events and
 * the whole body for non-streaming answers. One instance per request (its id, creation time and model).
 */
final class OpenAiFormat implements SimFormat {
    private final boolean chat;
    private final String head;
    private final int reasoningTokens;

    OpenAiFormat(boolean chat, String id, long createdEpochSeconds, String model, boolean stream) {
        this(chat, id, createdEpochSeconds, model, stream, 0);
    }

    /**
     * @param reasoningTokens how many of the first output tokens are reasoning: with any, the usage object says so in
     *                        {@code completion_tokens_details.reasoning_tokens}, as vLLM and OpenAI do
     */
    OpenAiFormat(boolean chat, String id, long createdEpochSeconds, String model, boolean stream, int reasoningTokens) {
        this.chat = chat;
        this.reasoningTokens = reasoningTokens;
        String object = chat ? (stream ? "chat.completion.chunk" : "chat.completion") : "text_completion";
        this.head = "{\"id\":" + Json.quote(id) + ",\"object\":\"" + object + "\",\"created\":" + createdEpochSeconds
                + ",\"model\":" + Json.quote(model) + ",\"choices\":[";
    }

    /** Chat: the role event first; completions have none. */
    @Override
    public void appendStart(StringBuilder out, String usage) {
        if (chat) {
            out.append(event(roleChunk(usage)));
        }
    }

    /** The usage event when asked for ({@code include_usage}), then {@code data: [DONE]}. */
    @Override
    public void appendEnd(StringBuilder out, boolean includeUsage, String usage) {
        if (includeUsage) {
            out.append(event(usageChunk(usage)));
        }
        out.append("data: [DONE]\n\n");
    }

    @Override
    public String usage(int promptTokens, int completionTokens, int cachedTokens) {
        String usage = usageObject(promptTokens, completionTokens, cachedTokens);
        if (reasoningTokens <= 0) {
            return usage;
        }
        return usage.substring(0, usage.length() - 1) + ",\"completion_tokens_details\":{\"reasoning_tokens\":"
                + Math.min(completionTokens, reasoningTokens) + "}}";
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
    @Override
    public void appendTextEvent(StringBuilder out, String text, String finishReason, String usage) {
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

    /**
     * Chat only: appends the SSE event of tokens that are reasoning ({@code delta.reasoning_content}, as vLLM's
     * reasoning parsers write it) or part of a tool call's arguments ({@code delta.tool_calls}; the first one
     * carries the call's id, type and function name).
     *
     * @param kind      {@code reasoning} or {@code tool}
     * @param firstTool whether this is the tool call's first delta
     */
    @Override
    public void appendDeltaEvent(StringBuilder out, String kind, String text, boolean firstTool, String toolName, String callId,
            String finishReason, String usage) {
        out.append("data: ").append(head).append("{\"index\":0,\"delta\":{");
        if (kind.equals("reasoning")) {
            out.append("\"reasoning_content\":\"");
            Json.appendEscaped(out, text);
            out.append('"');
        } else {
            out.append("\"tool_calls\":[{\"index\":0,");
            if (firstTool) {
                out.append("\"id\":").append(Json.quote(callId)).append(",\"type\":\"function\",\"function\":{\"name\":")
                        .append(Json.quote(toolName)).append(",\"arguments\":\"");
            } else {
                out.append("\"function\":{\"arguments\":\"");
            }
            Json.appendEscaped(out, text);
            out.append("\"}}]");
        }
        out.append("},\"logprobs\":null,\"finish_reason\":").append(Json.quote(finishReason)).append("}]");
        if (usage != null) {
            out.append(",\"usage\":").append(usage);
        }
        out.append("}\n\n");
    }

    /**
     * Chat only: a whole non-streaming answer with reasoning ({@code message.reasoning_content}) and/or a tool
     * call ({@code message.tool_calls}, content null).
     */
    @Override
    public String body(String reasoning, String content, String toolName, String callId, String finishReason, String usage) {
        StringBuilder m = new StringBuilder("{\"role\":\"assistant\",");
        if (reasoning != null) {
            m.append("\"reasoning_content\":").append(Json.quote(reasoning)).append(',');
        }
        if (toolName != null) {
            m.append("\"content\":null,\"tool_calls\":[{\"id\":").append(Json.quote(callId))
                    .append(",\"type\":\"function\",\"function\":{\"name\":").append(Json.quote(toolName))
                    .append(",\"arguments\":").append(Json.quote(content)).append("}}]}");
        } else {
            m.append("\"content\":").append(Json.quote(content)).append(",\"refusal\":null}");
        }
        return head + "{\"index\":0,\"message\":" + m + ",\"logprobs\":null,\"finish_reason\":"
                + Json.quote(finishReason) + "}]" + usageField(usage) + "}";
    }

    /** The {@code include_usage} event after the last text: no choices, only usage. */
    String usageChunk(String usage) {
        return head + "]" + usageField(usage) + "}";
    }

    /** A whole non-streaming answer. */
    @Override
    public String body(String text, String finishReason, String usage) {
        String choice = chat
                ? "{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":" + Json.quote(text)
                        + ",\"refusal\":null},\"logprobs\":null,\"finish_reason\":" + Json.quote(finishReason) + "}"
                : "{\"index\":0,\"text\":" + Json.quote(text) + ",\"logprobs\":null,\"finish_reason\":"
                        + Json.quote(finishReason) + "}";
        return head + choice + "]" + usageField(usage) + "}";
    }

    /** The {@code usage} object. */
    static String usageObject(int promptTokens, int completionTokens, int cachedTokens) {
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
