package dev.infergate.client;

import dev.infergate.record.ErrorClass;

/**
 * What one response's bytes said, as decoded by {@link StreamTimeline}: the timeline marks, the
 * output-carrying events and their gaps, usage, and the failure class. See docs/metrics.md, "How a
 * response is decoded".
 *
 * <p>All {@code *Nanos} marks are in the caller's monotonic nanoseconds (the values it passed to
 * {@link StreamTimeline}); a mark that never happened is {@link #ABSENT}. Arrays are owned by this record
 * (copies, never written again); records compare them by identity.
 *
 * @param status            HTTP status, 0 when no headers arrived
 * @param sentNanos         as passed to {@link StreamTimeline#onSent}
 * @param headersNanos      as passed to {@link StreamTimeline#onHeaders}
 * @param firstTokenNanos   arrival of the read that completed the first output-carrying event
 * @param lastTokenNanos    arrival of the read that completed the last output-carrying event
 * @param doneNanos         arrival of the read holding {@code data: [DONE]}; else the end of the body
 *                          ({@link StreamTimeline#onEnd}); ABSENT when the body never ended
 * @param chunks            number of output-carrying events (1 for a non-streaming body with output)
 * @param itlGapsMicros     one value per gap between consecutive output-carrying events, in
 *                          microseconds (truncated); length {@code chunks - 1} when {@code chunks > 0}
 * @param maxStallNanos     the largest of those gaps, in nanoseconds; ABSENT with fewer than two events
 * @param outputText        the generated text received (reasoning, content, tool-call arguments) of
 *                          choice 0, for client-side token counting when the server sent no usage
 * @param promptTokens      the last {@code usage.prompt_tokens} received, or -1
 * @param completionTokens  the last {@code usage.completion_tokens} received, or -1
 * @param cachedTokens      the last {@code usage.prompt_tokens_details.cached_tokens} received, or -1
 * @param doneSeen          whether {@code data: [DONE]} arrived
 * @param finishReason      the last non-null {@code finish_reason} of choice 0, or null
 * @param reasoningEvents   output-carrying events with reasoning text
 * @param toolCallEvents    output-carrying events with a tool-call entry
 * @param malformedEvents   events whose data was not JSON (and not {@code [DONE]})
 * @param failure           why the response counts as failed, or null; the caller's own reasons
 *                          (timeouts, resets, cancellation) take precedence over this one
 * @param errorDetail       a short detail of the failure (error message, at most
 *                          {@link StreamTimeline#MAX_DETAIL_CHARS} chars), or null
 * @param eventOffsetsNanos arrival of each output-carrying event minus {@code sentNanos}, when recording
 *                          was asked for; else null
 * @param ended             whether {@link StreamTimeline#onEnd} was called (false: the caller aborted)
 * @param firstReasoningNanos arrival of the first event with reasoning text; ABSENT when none
 * @param firstAnswerNanos  arrival of the first event with answer output (content, text or a tool call); ABSENT
 *                          when none
 */
public record StreamResult(
        int status,
        long sentNanos,
        long headersNanos,
        long firstTokenNanos,
        long lastTokenNanos,
        long doneNanos,
        int chunks,
        int[] itlGapsMicros,
        long maxStallNanos,
        String outputText,
        int promptTokens,
        int completionTokens,
        int cachedTokens,
        boolean doneSeen,
        String finishReason,
        int reasoningEvents,
        int toolCallEvents,
        int malformedEvents,
        ErrorClass failure,
        String errorDetail,
        long[] eventOffsetsNanos,
        boolean ended,
        long firstReasoningNanos,
        long firstAnswerNanos) {

    /** Marks a timeline point that never happened (same value as {@code RequestRecord.ABSENT}). */
    public static final long ABSENT = -1L;

    public StreamResult {
        if (itlGapsMicros == null) {
            throw new IllegalArgumentException("itlGapsMicros must not be null (use an empty array)");
        }
        if (outputText == null) {
            throw new IllegalArgumentException("outputText must not be null (use \"\")");
        }
        if (chunks < 0) {
            throw new IllegalArgumentException("chunks (" + chunks + ") must be >= 0");
        }
    }

    /** Whether nothing in the response marks it as failed. */
    public boolean succeeded() {
        return failure == null;
    }

    /** Whether the server reported {@code usage.completion_tokens}. */
    public boolean hasUsage() {
        return completionTokens >= 0;
    }
}
