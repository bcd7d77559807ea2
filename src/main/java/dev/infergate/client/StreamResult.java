package dev.infergate.client;

import dev.infergate.record.ErrorClass;

/**
 * What one response's bytes said, as decoded by {@link StreamTimeline}, in four parts: when things arrived
 * ({@link Marks}), the output-carrying events ({@link Events}), the server's token counts ({@link Usage}) and how
 * the response ended ({@link Outcome}); plus the text. See docs/metrics.md, "How a response is decoded".
 *
 * <p>Built once per response (never per event). Arrays are owned by it (copies, never written again); records
 * compare them by identity.
 *
 * @param marks      the timeline marks
 * @param events     the output-carrying events and their gaps
 * @param usage      the last usage the server reported
 * @param outputText the generated text received (reasoning, content, tool-call arguments) of choice 0, for
 *                   client-side token counting when the server sent no usage
 * @param outcome    the status, the end and the failure class
 */
public record StreamResult(Marks marks, Events events, Usage usage, String outputText, Outcome outcome) {

    /** Marks a timeline point that never happened (same value as {@code RequestRecord.ABSENT}). */
    public static final long ABSENT = -1L;

    /**
     * The timeline marks, in the caller's monotonic nanoseconds (the values it passed to {@link StreamTimeline});
     * a mark that never happened is {@link #ABSENT}.
     *
     * @param sentNanos       as passed to {@link StreamTimeline#onSent}
     * @param headersNanos    as passed to {@link StreamTimeline#onHeaders}
     * @param firstTokenNanos arrival of the read that completed the first output-carrying event
     * @param lastTokenNanos  arrival of the read that completed the last output-carrying event
     * @param doneNanos       arrival of the read holding {@code data: [DONE]}; else the end of the body
     *                        ({@link StreamTimeline#onEnd}); ABSENT when the body never ended
     * @param firstReasoningNanos arrival of the first event with reasoning text; ABSENT when none
     * @param firstAnswerNanos    arrival of the first event with answer output (content, text or a tool call);
     *                            ABSENT when none
     */
    public record Marks(long sentNanos, long headersNanos, long firstTokenNanos, long lastTokenNanos, long doneNanos,
            long firstReasoningNanos, long firstAnswerNanos) {}

    /**
     * The output-carrying events.
     *
     * @param chunks            how many (1 for a non-streaming body with output)
     * @param itlGapsMicros     one value per gap between consecutive ones, in microseconds (truncated); length
     *                          {@code chunks - 1} when {@code chunks > 0}
     * @param maxStallNanos     the largest of those gaps, in nanoseconds; ABSENT with fewer than two events
     * @param eventOffsetsNanos arrival of each minus {@code sentNanos}, when recording was asked for; else null
     * @param reasoningEvents   those with reasoning text
     * @param toolCallEvents    those with a tool-call entry
     * @param malformedEvents   events whose data was not JSON (and not {@code [DONE]})
     */
    public record Events(int chunks, int[] itlGapsMicros, long maxStallNanos, long[] eventOffsetsNanos,
            int reasoningEvents, int toolCallEvents, int malformedEvents) {
        public Events {
            if (itlGapsMicros == null) {
                throw new IllegalArgumentException("itlGapsMicros must not be null (use an empty array)");
            }
            if (chunks < 0) {
                throw new IllegalArgumentException("chunks (" + chunks + ") must be >= 0");
            }
        }
    }

    /**
     * The last usage the server reported; -1 for a count it never sent.
     *
     * @param promptTokens     {@code usage.prompt_tokens}
     * @param completionTokens {@code usage.completion_tokens}
     * @param cachedTokens     {@code usage.prompt_tokens_details.cached_tokens}
     * @param reasoningTokens  {@code usage.completion_tokens_details.reasoning_tokens} (Responses:
     *                         {@code output_tokens_details})
     */
    public record Usage(int promptTokens, int completionTokens, int cachedTokens, int reasoningTokens) {
        /** Usage without a reasoning count. */
        public Usage(int promptTokens, int completionTokens, int cachedTokens) {
            this(promptTokens, completionTokens, cachedTokens, -1);
        }

        /** Whether the server reported {@code usage.completion_tokens}. */
        public boolean reported() {
            return completionTokens >= 0;
        }
    }

    /**
     * How the response ended.
     *
     * @param status       HTTP status, 0 when no headers arrived
     * @param ended        whether {@link StreamTimeline#onEnd} was called (false: the caller aborted)
     * @param doneSeen     whether {@code data: [DONE]} arrived
     * @param finishReason the last non-null {@code finish_reason} of choice 0, or null
     * @param failure      why the response counts as failed, or null; the caller's own reasons (timeouts,
     *                     resets, cancellation) take precedence over this one
     * @param errorDetail  a short detail of the failure (error message, at most
     *                     {@link StreamTimeline#MAX_DETAIL_CHARS} chars), or null
     */
    public record Outcome(int status, boolean ended, boolean doneSeen, String finishReason, ErrorClass failure,
            String errorDetail) {}

    public StreamResult {
        if (marks == null || events == null || usage == null || outcome == null) {
            throw new IllegalArgumentException("marks, events, usage and outcome must not be null");
        }
        if (outputText == null) {
            throw new IllegalArgumentException("outputText must not be null (use \"\")");
        }
    }

    /** Whether nothing in the response marks it as failed. */
    public boolean succeeded() {
        return outcome.failure() == null;
    }

    /** Whether the server reported {@code usage.completion_tokens}. */
    public boolean hasUsage() {
        return usage.reported();
    }
}
