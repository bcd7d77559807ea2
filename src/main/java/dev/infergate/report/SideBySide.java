package dev.infergate.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A console table of two summaries, baseline beside candidate, with the relative change and whether it is
 * better for users. Point figures only: for intervals and verdicts use {@code infergate compare}.
 */
public final class SideBySide {
    /** One row: where the figure lives in summary.json and whether lower is better. */
    private record Row(String label, List<String> path, boolean lowerIsBetter) {}

    private static final List<Row> ROWS = List.of(
            new Row("TTFT p50 (ms)", List.of("latency_ms", "ttft", "p50"), true),
            new Row("TTFT p95 (ms)", List.of("latency_ms", "ttft", "p95"), true),
            new Row("TTFT p99 from scheduled (ms)", List.of("latency_ms", "ttft_from_scheduled", "p99"), true),
            new Row("ITL p50 (ms)", List.of("latency_ms", "itl", "p50"), true),
            new Row("ITL p99 (ms)", List.of("latency_ms", "itl", "p99"), true),
            new Row("TPOT p50 (ms)", List.of("latency_ms", "tpot", "p50"), true),
            new Row("E2E p50 (ms)", List.of("latency_ms", "e2e", "p50"), true),
            new Row("E2E p95 (ms)", List.of("latency_ms", "e2e", "p95"), true),
            new Row("Effective tok/s p50", List.of("effective_tokens_per_s", "p50"), false),
            new Row("Throughput (req/s)", List.of("throughput", "requests_per_s"), false),
            new Row("Throughput (output tok/s)", List.of("throughput", "output_tokens_per_s"), false),
            new Row("Goodput (req/s)", List.of("goodput", "requests_per_s"), false),
            new Row("SLO attainment", List.of("goodput", "attainment"), false),
            new Row("Error rate", List.of("error_rate"), true));

    private SideBySide() {}

    public static String render(String baseLabel, Map<String, Object> base, String candLabel, Map<String, Object> cand) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%-30s %14s %14s %9s%n", "", clip(baseLabel), clip(candLabel), "change"));
        for (Row row : ROWS) {
            double b = value(base, row.path());
            double c = value(cand, row.path());
            out.append(String.format(Locale.ROOT, "%-30s %14s %14s %9s %s%n", row.label(), ConsoleSummary.format(b),
                    ConsoleSummary.format(c), change(b, c), judgement(b, c, row.lowerIsBetter())));
        }
        out.append(String.format(Locale.ROOT, "%-30s %14s %14s%n", "Measured requests (failed)",
                count(base), count(cand)));
        return out.toString();
    }

    private static String count(Map<String, Object> s) {
        Map<String, Object> r = ConsoleSummary.map(s.get("requests"));
        return r.get("sent") + " (" + r.get("failed") + ")";
    }

    private static String clip(String s) {
        return s.length() <= 14 ? s : s.substring(0, 13) + "…";
    }

    static String change(double b, double c) {
        if (Double.isNaN(b) || Double.isNaN(c) || b == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%+.1f%%", (c - b) / Math.abs(b) * 100);
    }

    private static String judgement(double b, double c, boolean lowerIsBetter) {
        if (Double.isNaN(b) || Double.isNaN(c) || b == c) {
            return "";
        }
        return (c < b) == lowerIsBetter ? "better" : "worse";
    }

    static double value(Map<String, Object> summary, List<String> path) {
        Object node = summary;
        for (String key : path) {
            node = ConsoleSummary.map(node).get(key);
        }
        return ConsoleSummary.number(node);
    }
}
