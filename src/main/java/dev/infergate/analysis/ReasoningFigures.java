package dev.infergate.analysis;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.record.RequestRecord;

/**
 * Reasoning models (summary.json {@code reasoning}, docs/metrics.md): over the completed measured requests whose
 * answer streamed reasoning text, the time from {@code sent} to the first reasoning event and to the first
 * answer event (content or a tool call), the thinking time between them, and reasoning and answer tokens.
 * TTFT keeps its definition (the first output of any kind, so the first reasoning event here); a chat UI that
 * folds reasoning away shows its user the first answer token, {@code time_to_first_answer_ms}.
 *
 * <p>Reasoning tokens are the server's {@code usage.completion_tokens_details.reasoning_tokens} when it sent them
 * (vLLM and OpenAI do; the record's {@code reasoning_tokens}); otherwise the output tokens times the share of output
 * events that carried reasoning: exact when every event carries one token (vLLM's default stream interval), an
 * estimate when a server streams several tokens per event. {@code reasoning_tokens_source} says which was used.
 */
public final class ReasoningFigures {
    private final LatencyDistribution firstReasoning = Distribution.latency();
    private final LatencyDistribution firstAnswer = Distribution.latency();
    private final LatencyDistribution thinking = Distribution.latency();
    private long requests;
    private long withoutAnswer;
    private double reasoningTokens;
    private double answerTokens;
    private long fromUsage;

    /** Counts {@code r} when it is measured, completed and had reasoning. */
    public void add(RequestRecord r) {
        if (!r.measured() || !r.succeeded() || r.reasoning().chunks() == 0 || r.marks().sentNanos() == RequestRecord.ABSENT
                || r.reasoning().firstReasoningNanos() == RequestRecord.ABSENT) {
            return;
        }
        requests++;
        firstReasoning.recordNanos(Math.max(0, r.reasoning().firstReasoningNanos() - r.marks().sentNanos()));
        if (r.reasoning().firstAnswerNanos() == RequestRecord.ABSENT) {
            withoutAnswer++;
        } else {
            firstAnswer.recordNanos(Math.max(0, r.reasoning().firstAnswerNanos() - r.marks().sentNanos()));
            thinking.recordNanos(Math.max(0, r.reasoning().firstAnswerNanos() - r.reasoning().firstReasoningNanos()));
        }
        double reasoning = reasoningTokens(r);
        fromUsage += r.reasoning().usageTokens() >= 0 ? 1 : 0;
        reasoningTokens += reasoning;
        answerTokens += Math.max(0, r.tokens().output() - reasoning);
    }

    /** The server's count when it sent one (at most the output tokens), else the estimate from the events. */
    public static double reasoningTokens(RequestRecord r) {
        if (r.reasoning().usageTokens() >= 0) {
            return Math.min(r.reasoning().usageTokens(), r.tokens().output());
        }
        return r.events().chunks() == 0 ? 0 : (double) r.tokens().output() * r.reasoning().chunks() / r.events().chunks();
    }

    public boolean isEmpty() {
        return requests == 0;
    }

    public Figures figures() {
        double total = reasoningTokens + answerTokens;
        return new Figures(requests, withoutAnswer, firstReasoning.percentiles(), firstAnswer.percentiles(),
                thinking.percentiles(), Distribution.round(reasoningTokens / requests), Distribution.round(answerTokens / requests),
                total == 0 ? null : Distribution.round(reasoningTokens / total),
                fromUsage == requests ? "usage" : fromUsage == 0 ? "events" : "mixed");
    }

    /**
     * The {@code reasoning} block.
     *
     * @param requests              completed measured requests that streamed reasoning
     * @param withoutAnswer         of those, how many ended in reasoning with no answer (e.g. cut by max_tokens)
     * @param timeToFirstReasoningMs sent to the first reasoning event (their TTFT)
     * @param timeToFirstAnswerMs   sent to the first answer event: what a chat UI that folds reasoning shows first
     * @param thinkingMs            first reasoning event to first answer event
     * @param reasoningTokensMean   reasoning tokens per request
     * @param answerTokensMean      answer tokens per request
     * @param reasoningTokenShare   reasoning tokens over all output tokens of these requests
     * @param reasoningTokensSource {@code usage} (every request's count from the server's usage details),
     *                              {@code events} (none: estimated from the share of reasoning events) or {@code mixed}
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Figures(long requests, long withoutAnswer, Percentiles timeToFirstReasoningMs,
            Percentiles timeToFirstAnswerMs, Percentiles thinkingMs, double reasoningTokensMean, double answerTokensMean,
            Double reasoningTokenShare, String reasoningTokensSource) {}
}
