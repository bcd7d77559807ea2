package dev.infergate.sim.http;

/**
 * The OpenAI Responses API's wire format ({@code POST /v1/responses}), as OpenAI documents it and vLLM serves it.
 * Streaming: {@code response.created}, {@code response.in_progress}, then per output item (reasoning, the message,
 * or a function call) {@code response.output_item.added}, its deltas ({@code response.reasoning_text.delta},
 * {@code response.output_text.delta} inside a {@code content_part}, {@code response.function_call_arguments.delta}),
 * its {@code *.done} events with the whole text, {@code response.output_item.done}; last {@code response.completed}
 * (or {@code response.incomplete} with reason {@code max_output_tokens} when the length limit cut the answer) with
 * the usage. Every event has an {@code event:} line naming its type, the same {@code type} in its data and a
 * {@code sequence_number}; there is no {@code [DONE]}. One instance per request: it keeps the open item.
 */
final class ResponsesFormat implements SimFormat {
    private final String id;
    private final long createdEpochSeconds;
    private final String model;
    private final int reasoningTokens;
    private final StringBuilder output = new StringBuilder();
    private final StringBuilder itemText = new StringBuilder();
    private int sequence;
    private int outputIndex = -1;
    private String openKind;
    private String toolName;
    private String callId;
    private String finishReason;

    /** @param reasoningTokens how many of the first output tokens are reasoning (for the usage details) */
    ResponsesFormat(String id, long createdEpochSeconds, String model, int reasoningTokens) {
        this.id = id;
        this.createdEpochSeconds = createdEpochSeconds;
        this.model = model;
        this.reasoningTokens = reasoningTokens;
    }

    @Override
    public void appendStart(StringBuilder out, String usage) {
        event(out, "response.created", "\"response\":" + response("in_progress", "", null, null));
        event(out, "response.in_progress", "\"response\":" + response("in_progress", "", null, null));
    }

    @Override
    public void appendTextEvent(StringBuilder out, String text, String finish, String usage) {
        open(out, "message", null, null);
        delta(out, "response.output_text.delta", ",\"content_index\":0", text, ",\"logprobs\":[]");
        remember(finish);
    }

    @Override
    public void appendDeltaEvent(StringBuilder out, String kind, String text, boolean firstTool, String tool, String call,
            String finish, String usage) {
        if (kind.equals("reasoning")) {
            open(out, "reasoning", null, null);
            delta(out, "response.reasoning_text.delta", ",\"content_index\":0", text, "");
        } else {
            open(out, "tool", tool, call);
            delta(out, "response.function_call_arguments.delta", "", text, "");
        }
        remember(finish);
    }

    @Override
    public void appendEnd(StringBuilder out, boolean includeUsage, String usage) {
        close(out);
        boolean cut = "length".equals(finishReason);
        event(out, cut ? "response.incomplete" : "response.completed",
                "\"response\":" + response(cut ? "incomplete" : "completed", output.toString(), usage, cut));
    }

    @Override
    public String body(String text, String finish, String usage) {
        return body(null, text, null, null, finish, usage);
    }

    @Override
    public String body(String reasoning, String content, String tool, String call, String finish, String usage) {
        StringBuilder items = new StringBuilder();
        if (reasoning != null) {
            items.append(item(0, "reasoning", reasoning, null, null));
        }
        int index = reasoning != null ? 1 : 0;
        items.append(items.length() > 0 ? "," : "").append(tool != null ? item(index, "tool", content, tool, call)
                : item(index, "message", content, null, null));
        boolean cut = "length".equals(finish);
        return response(cut ? "incomplete" : "completed", items.toString(), usage, cut);
    }

    @Override
    public String usage(int promptTokens, int completionTokens, int cachedTokens) {
        return "{\"input_tokens\":" + promptTokens + ",\"input_tokens_details\":{\"cached_tokens\":"
                + Math.max(0, cachedTokens) + "},\"output_tokens\":" + completionTokens
                + ",\"output_tokens_details\":{\"reasoning_tokens\":" + Math.min(completionTokens, reasoningTokens)
                + "},\"total_tokens\":" + (promptTokens + completionTokens) + "}";
    }

    private void remember(String finish) {
        if (finish != null) {
            finishReason = finish;
        }
    }

    /** Opens an output item of {@code kind} (closing the open one of another kind). */
    private void open(StringBuilder out, String kind, String tool, String call) {
        if (kind.equals(openKind)) {
            return;
        }
        close(out);
        openKind = kind;
        toolName = tool;
        callId = call;
        outputIndex++;
        itemText.setLength(0);
        event(out, "response.output_item.added", "\"output_index\":" + outputIndex + ",\"item\":"
                + itemJson(kind, "", tool, call, "in_progress"));
        if (kind.equals("message")) {
            event(out, "response.content_part.added", itemRef() + ",\"content_index\":0,\"part\":"
                    + "{\"type\":\"output_text\",\"text\":\"\",\"annotations\":[]}");
        }
    }

    private void delta(StringBuilder out, String type, String contentIndex, String text, String tail) {
        itemText.append(text);
        out.append("event: ").append(type).append("\ndata: {\"type\":\"").append(type).append("\",")
                .append(itemRef()).append(contentIndex).append(",\"delta\":\"");
        Json.appendEscaped(out, text);
        out.append('"').append(tail).append(",\"sequence_number\":").append(sequence++).append("}\n\n");
    }

    /** Closes the open item: its {@code *.done} events with the whole text, and adds it to the final output. */
    private void close(StringBuilder out) {
        if (openKind == null) {
            return;
        }
        String text = Json.quote(itemText.toString());
        switch (openKind) {
            case "message" -> {
                event(out, "response.output_text.done", itemRef() + ",\"content_index\":0,\"text\":" + text);
                event(out, "response.content_part.done", itemRef() + ",\"content_index\":0,\"part\":"
                        + "{\"type\":\"output_text\",\"text\":" + text + ",\"annotations\":[]}");
            }
            case "reasoning" -> event(out, "response.reasoning_text.done", itemRef() + ",\"content_index\":0,\"text\":" + text);
            default -> event(out, "response.function_call_arguments.done", itemRef() + ",\"arguments\":" + text);
        }
        String done = item(outputIndex, openKind, itemText.toString(), toolName, callId);
        event(out, "response.output_item.done", "\"output_index\":" + outputIndex + ",\"item\":" + done);
        output.append(output.length() > 0 ? "," : "").append(done);
        openKind = null;
    }

    private String itemRef() {
        return "\"item_id\":" + Json.quote(itemId(outputIndex)) + ",\"output_index\":" + outputIndex;
    }

    private String itemId(int index) {
        return (openKind != null && openKind.equals("tool") ? "fc_" : "item_") + id + "_" + index;
    }

    private String item(int index, String kind, String text, String tool, String call) {
        int saved = outputIndex;
        outputIndex = index;
        String json = itemJson(kind, text, tool, call, "completed");
        outputIndex = saved;
        return json;
    }

    private String itemJson(String kind, String text, String tool, String call, String status) {
        String idField = "\"id\":" + Json.quote((kind.equals("tool") ? "fc_" : "item_") + id + "_" + outputIndex);
        return switch (kind) {
            case "message" -> "{" + idField + ",\"type\":\"message\",\"role\":\"assistant\",\"status\":\"" + status
                    + "\",\"content\":[" + (text.isEmpty() && status.equals("in_progress") ? ""
                            : "{\"type\":\"output_text\",\"text\":" + Json.quote(text) + ",\"annotations\":[]}") + "]}";
            case "reasoning" -> "{" + idField + ",\"type\":\"reasoning\",\"summary\":[],\"content\":["
                    + (text.isEmpty() ? "" : "{\"type\":\"reasoning_text\",\"text\":" + Json.quote(text) + "}") + "]}";
            default -> "{" + idField + ",\"type\":\"function_call\",\"status\":\"" + status + "\",\"call_id\":"
                    + Json.quote(call) + ",\"name\":" + Json.quote(tool) + ",\"arguments\":" + Json.quote(text) + "}";
        };
    }

    private String response(String status, String items, String usage, Boolean cut) {
        return "{\"id\":" + Json.quote(id) + ",\"object\":\"response\",\"created_at\":" + createdEpochSeconds
                + ",\"status\":\"" + status + "\",\"model\":" + Json.quote(model) + ",\"output\":[" + items + "]"
                + ",\"incomplete_details\":" + (Boolean.TRUE.equals(cut) ? "{\"reason\":\"max_output_tokens\"}" : "null")
                + ",\"error\":null,\"usage\":" + (usage == null ? "null" : usage) + "}";
    }

    private void event(StringBuilder out, String type, String fields) {
        out.append("event: ").append(type).append("\ndata: {\"type\":\"").append(type).append("\",").append(fields)
                .append(",\"sequence_number\":").append(sequence++).append("}\n\n");
    }
}
