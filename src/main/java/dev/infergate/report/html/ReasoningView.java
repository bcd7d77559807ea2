package dev.infergate.report.html;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.analysis.Percentiles;
import dev.infergate.analysis.ReasoningFigures;
import java.util.ArrayList;
import java.util.List;

/**
 * The page's {@code reasoning} block: for each side whose run streamed reasoning, the time to the first reasoning
 * token (that side's TTFT), to the first answer token (what a chat UI that folds reasoning away shows first), the
 * thinking between them, and the reasoning and answer tokens per request. From summary.json's {@code reasoning}
 * (docs/metrics.md, "Reasoning models"); null when no side had any, so other pages do not change.
 *
 * @param sides one row per side that had reasoning, in the page's side order
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record ReasoningView(List<Row> sides) {

    /**
     * One side's reasoning figures, latencies in ms from {@code sent}.
     *
     * @param side                 the side's name
     * @param index                the side's position on the page (its colour)
     * @param requests             completed measured requests that streamed reasoning
     * @param withoutAnswer        of those, how many ended in reasoning with no answer
     * @param firstReasoningMs     time to the first reasoning token
     * @param firstAnswerMs        time to the first answer token
     * @param thinkingMs           first reasoning token to first answer token
     * @param reasoningTokensMean  reasoning tokens per request
     * @param answerTokensMean     answer tokens per request
     * @param reasoningTokenShare  reasoning tokens over all output tokens of these requests; null when none
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Row(String side, int index, long requests, long withoutAnswer, Latency firstReasoningMs, Latency firstAnswerMs,
            Latency thinkingMs, double reasoningTokensMean, double answerTokensMean, Double reasoningTokenShare) {}

    /** A latency's sample count, median and tail, in ms (null when it has no samples). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Latency(long count, Double p50, Double p95, Double p99) {
        static Latency of(Percentiles p) {
            return p == null ? new Latency(0, null, null, null) : new Latency(p.count(), p.p50(), p.p95(), p.p99());
        }
    }

    /** The block for {@code sides}, or null when none streamed reasoning. */
    static ReasoningView of(List<Side> sides) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < sides.size(); i++) {
            Side s = sides.get(i);
            ReasoningFigures.Figures r = s.summary == null ? null : s.summary.reasoning();
            if (r == null || r.requests() == 0) {
                continue;
            }
            rows.add(new Row(s.name, i, r.requests(), r.withoutAnswer(), Latency.of(r.timeToFirstReasoningMs()),
                    Latency.of(r.timeToFirstAnswerMs()), Latency.of(r.thinkingMs()), r.reasoningTokensMean(),
                    r.answerTokensMean(), r.reasoningTokenShare()));
        }
        return rows.isEmpty() ? null : new ReasoningView(List.copyOf(rows));
    }
}
