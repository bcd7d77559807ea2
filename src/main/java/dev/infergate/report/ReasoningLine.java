package dev.infergate.report;

import dev.infergate.analysis.Percentiles;
import dev.infergate.analysis.ReasoningFigures;
import java.util.Locale;

/** The console's line for reasoning models (summary.json {@code reasoning}): which output a user sees first, and when. */
final class ReasoningLine {
    private ReasoningLine() {}

    /** The line, or "" when no request streamed reasoning. */
    static String render(ReasoningFigures.Figures r) {
        if (r == null) {
            return "";
        }
        return String.format(Locale.ROOT, "reasoning: %d requests · first reasoning token (their TTFT) p50 %s ms · first answer"
                + " token p50 %s ms (what a chat UI that folds reasoning shows first) · thinking p50 %s ms · %.1f reasoning + %.1f"
                + " answer tokens per request%s%s%n", r.requests(), p50(r.timeToFirstReasoningMs()), p50(r.timeToFirstAnswerMs()),
                p50(r.thinkingMs()), r.reasoningTokensMean(), r.answerTokensMean(),
                r.reasoningTokenShare() == null ? "" : String.format(Locale.ROOT, " (%.0f %% reasoning)", r.reasoningTokenShare() * 100),
                r.withoutAnswer() == 0 ? "" : " · " + r.withoutAnswer() + " ended before any answer");
    }

    private static String p50(Percentiles p) {
        return p == null || p.p50() == null ? "-" : String.format(Locale.ROOT, "%.1f", p.p50());
    }
}
