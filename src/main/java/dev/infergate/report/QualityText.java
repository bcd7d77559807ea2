package dev.infergate.report;

import dev.infergate.analysis.quality.Interval;
import dev.infergate.analysis.quality.QualityComparison;
import java.util.Locale;
import java.util.Map;

/** Console text for a quality run ({@code quality.json}) and for a quality comparison. */
public final class QualityText {
    private QualityText() {}

    /** A few lines: what was asked, the accuracy with its interval, the split by scorer and the latency. */
    public static String render(Map<String, Object> summary) {
        StringBuilder out = new StringBuilder();
        Map<?, ?> eval = (Map<?, ?>) summary.get("eval");
        Map<?, ?> endpoint = (Map<?, ?>) summary.get("endpoint");
        out.append(String.format(Locale.ROOT, "eval %s (seed %s, %s items) on %s at %s%n", eval.get("name"), eval.get("seed"),
                eval.get("items"), summary.get("model"), endpoint.get("base_url")));
        Map<?, ?> acc = (Map<?, ?>) summary.get("accuracy");
        out.append(String.format(Locale.ROOT, "accuracy %s (%.0f%% CI %s to %s): %s of %s correct, %s failed requests%n",
                pct(acc.get("value")), 100 * number(acc.get("confidence")), pct(acc.get("low")), pct(acc.get("high")),
                summary.get("correct"), summary.get("items"), summary.get("errors")));
        ((Map<?, ?>) summary.get("by_scorer")).forEach((k, v) -> {
            Map<?, ?> s = (Map<?, ?>) v;
            out.append(String.format(Locale.ROOT, "  %-8s %s/%s  %s%n", k, s.get("correct"), s.get("items"), pct(s.get("accuracy"))));
        });
        Map<?, ?> latency = (Map<?, ?>) summary.get("latency_ms");
        if (latency.get("p50") != null) {
            out.append(String.format(Locale.ROOT, "answer latency p50 %s ms, max %s ms (not a load test)%n",
                    ConsoleSummary.format(number(latency.get("p50"))), ConsoleSummary.format(number(latency.get("max")))));
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
