package dev.infergate.report;

import dev.infergate.analysis.compare.Comparison;
import dev.infergate.analysis.compare.EnvironmentDiff;
import dev.infergate.analysis.compare.Estimate;
import java.util.List;
import java.util.Locale;

/**
 * Renders a {@link Comparison.Result}: the console table, {@code comparison.md} and the
 * {@code comparison.json} document (schema {@value #SCHEMA}). Deltas are relative ({@code cand / base - 1});
 * intervals are bootstrap percentile intervals; a {@code *} marks a tail percentile from too few samples.
 */
public final class ComparisonReport {
    public static final String SCHEMA = "infergate.comparison/1";

    private ComparisonReport() {}

    /** The JSON document. */
    public static ComparisonDocument document(Comparison.Result result, EnvironmentDiff env, List<String> notes) {
        return ComparisonDocument.of(result, env, notes);
    }

    /** The console table: one block per condition, then the overall verdict. */
    public static String console(Comparison.Result result, EnvironmentDiff env, List<String> notes) {
        StringBuilder sb = new StringBuilder();
        for (String w : env.warnings()) {
            sb.append(w).append('\n');
        }
        for (String n : notes) {
            sb.append("note: ").append(n).append('\n');
        }
        String row = "%-32s %13s %13s %8s  %-18s %s%n";
        for (Comparison.ConditionResult c : result.conditions()) {
            Estimate first = c.estimates().get(0);
            sb.append(String.format(Locale.ROOT, "%n%s: %s  (baseline %d repeat(s), candidate %d repeat(s))%n",
                    c.condition(), c.verdict().key().toUpperCase(Locale.ROOT), first.baselineRepeats(), first.candidateRepeats()));
            sb.append(String.format(Locale.ROOT, row, "figure", "baseline", "candidate", "delta",
                    Math.round(result.confidence() * 100) + "% CI", "verdict"));
            for (Estimate e : c.estimates()) {
                String name = e.statistic().key() + (e.lowSample() ? " *" : "");
                sb.append(String.format(Locale.ROOT, row, name, ComparisonFormat.value(e.statistic(), e.baseline()),
                        ComparisonFormat.value(e.statistic(), e.candidate()), ComparisonFormat.delta(e), ComparisonFormat.interval(e),
                        ComparisonFormat.verdicts(e.statistic(), c.judgements())));
            }
        }
        sb.append("\n* tail percentile from too few samples (fewer than 10 beyond it): little more than a maximum\n");
        sb.append("VERDICT: ").append(ComparisonFormat.overall(result.verdict())).append('\n');
        return sb.toString();
    }

    /** {@code comparison.md}: a verdict for a pull request or a change ticket. */
    public static String markdown(Comparison.Result result, EnvironmentDiff env, List<String> notes) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Comparison: ").append(ComparisonFormat.overall(result.verdict())).append("\n\n");
        sb.append(Markdown.environment(env));
        for (String n : notes) {
            sb.append("- note: ").append(n).append('\n');
        }
        sb.append(Markdown.matrix(result));
        for (Comparison.ConditionResult c : result.conditions()) {
            sb.append("\n## ").append(c.condition()).append(": ").append(c.verdict().key()).append("\n\n");
            sb.append("| figure | baseline | candidate | delta | ").append(Math.round(result.confidence() * 100))
                    .append("% CI | verdict |\n|---|---:|---:|---:|---|---|\n");
            for (Estimate e : c.estimates()) {
                sb.append("| ").append(e.statistic().key()).append(e.lowSample() ? " *" : "").append(" | ")
                        .append(ComparisonFormat.value(e.statistic(), e.baseline())).append(" | ")
                        .append(ComparisonFormat.value(e.statistic(), e.candidate())).append(" | ")
                        .append(ComparisonFormat.delta(e)).append(" | ").append(ComparisonFormat.interval(e)).append(" | ")
                        .append(ComparisonFormat.verdicts(e.statistic(), c.judgements())).append(" |\n");
            }
        }
        sb.append("\n`*` tail percentile from too few samples. Deltas are candidate / baseline - 1; intervals are "
                + "bootstrap percentile intervals over repeats and requests.\n");
        return sb.toString();
    }
}
