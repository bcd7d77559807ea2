package dev.infergate.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.analysis.quality.EvalHeader;
import dev.infergate.analysis.quality.Interval;
import dev.infergate.analysis.quality.QualityComparison;
import dev.infergate.analysis.quality.QualitySummary;
import dev.infergate.record.RunDocument;
import java.util.Locale;

/** Console text for a quality run ({@code quality.json}) and for a quality comparison. */
public final class QualityText {
    private QualityText() {}

    /** A few lines: what was asked, the accuracy with its interval, the split by scorer and the latency. */
    public static String render(QualitySummary.Document summary) {
        StringBuilder out = new StringBuilder();
        EvalHeader eval = summary.header().eval();
        JsonNode endpoint = summary.header().endpoint();
        out.append(String.format(Locale.ROOT, "eval %s (seed %s, %s items) on %s at %s%n", eval.name(), eval.seed(),
                eval.items(), summary.header().model(), endpoint == null ? null : endpoint.path(RunDocument.BASE_URL).asText(null)));
        Interval.Written acc = summary.accuracy();
        out.append(String.format(Locale.ROOT, "accuracy %s (%.0f%% CI %s to %s): %s of %s correct, %s failed requests%n",
                pct(acc.value()), 100 * acc.confidence(), pct(acc.low()), pct(acc.high()),
                summary.correct(), summary.items(), summary.errors()));
        summary.byScorer().forEach((k, s) -> out.append(String.format(Locale.ROOT, "  %-8s %s/%s  %s%n", k, s.correct(),
                s.items(), pct(s.accuracy()))));
        QualitySummary.Latency latency = summary.latencyMs();
        if (latency.p50() != null) {
            out.append(String.format(Locale.ROOT, "answer latency p50 %s ms, max %s ms (not a load test)%n",
                    ConsoleSummary.format(latency.p50()), ConsoleSummary.format(latency.max())));
        }
        return out.toString();
    }

    /** The two accuracies, the paired table, McNemar, agreement and the verdict with its reason. */
    public static String render(QualityComparison c) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "quality on %d paired items%n", c.pairedItems()));
        out.append("  baseline accuracy   ").append(interval(c.baseline())).append('\n');
        out.append("  candidate accuracy  ").append(interval(c.candidate())).append('\n');
        out.append("  accuracy drop       ").append(interval(c.drop())).append('\n');
        out.append(String.format(Locale.ROOT, "  only baseline right %d, only candidate right %d; McNemar exact p = %.4g%n",
                c.onlyBaseline(), c.onlyCandidate(), c.mcnemarP()));
        out.append(String.format(Locale.ROOT, "  identical outputs   %s", pct(c.identicalOutputs())));
        out.append(c.logprobDivergence() == null ? " (no log-probs on both sides)\n"
                : String.format(Locale.ROOT, "; top-logprob divergence %.4f over %d items%n", c.logprobDivergence(), c.logprobItems()));
        out.append(String.format(Locale.ROOT, "%s: %s: %s%n", c.criterion(), c.verdict().key().toUpperCase(Locale.ROOT), c.reason()));
        return out.toString();
    }

    private static String interval(Interval i) {
        return String.format(Locale.ROOT, "%s (%.0f%% CI %s to %s)", pct(i.estimate()), 100 * i.confidence(), pct(i.low()), pct(i.high()));
    }

    private static String pct(Object fraction) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * number(fraction));
    }

    private static double number(Object o) {
        return o instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
