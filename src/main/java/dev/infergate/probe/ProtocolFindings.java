package dev.infergate.probe;

/**
 * What the probe's protocol requests showed (one streamed request each, read whole).
 *
 * @param usageChunk        a streamed response with {@code include_usage} carried {@code usage}
 * @param doneMarker        it ended with {@code data: [DONE]}
 * @param continuousUsage   with {@code continuous_usage_stats}, more than one event carried usage
 * @param usageEvents       events carrying usage in that response
 * @param tokenizeEndpoint  {@code /tokenize} answered with a token count
 * @param tokenizeDialect   the dialect it answered in ({@code vllm/sglang}, {@code llama.cpp}, {@code tgi}), or null
 * @param reasoningEvents   output events with reasoning text across the probe's protocol requests
 * @param toolCallEvents    output events with tool-call deltas in the tool-call request
 * @param toolCallStatus    the HTTP status of the tool-call request (0: no answer)
 * @param tokenizeExact     whether prompts built with that tokenizer count exactly what they were built to (its
 *                          constant overhead measured, a run of words counting as the sum of its words); null when
 *                          there was no tokenizer or it was not tried
 */
public record ProtocolFindings(boolean usageChunk, boolean doneMarker, boolean continuousUsage, int usageEvents,
        boolean tokenizeEndpoint, int reasoningEvents, int toolCallEvents, int toolCallStatus, String tokenizeDialect,
        Boolean tokenizeExact) {
    public ProtocolFindings(boolean usageChunk, boolean doneMarker, boolean continuousUsage, int usageEvents,
            boolean tokenizeEndpoint, int reasoningEvents, int toolCallEvents, int toolCallStatus, String tokenizeDialect) {
        this(usageChunk, doneMarker, continuousUsage, usageEvents, tokenizeEndpoint, reasoningEvents, toolCallEvents,
                toolCallStatus, tokenizeDialect, null);
    }
}
