package dev.infergate.report;

import dev.infergate.analysis.compare.Comparison;
import dev.infergate.analysis.compare.EnvironmentDiff;
import dev.infergate.analysis.compare.Estimate;
import dev.infergate.analysis.compare.Judgement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders a {@link Comparison.Result}: the console table, {@code comparison.md} and the
 * {@code comparison.json} document (schema {@value #SCHEMA}). Deltas are relative ({@code cand / base - 1});
 * intervals are bootstrap percentile intervals; a {@code *} marks a tail percentile from too few samples.
 */
public final class ComparisonReport {
    public static final String SCHEMA = "infergate.comparison/1";

    private ComparisonReport() {}

    /** The JSON document. */
    public static Map<String, Object> toMap(Comparison.Result result, EnvironmentDiff env, List<String> notes) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("schema", SCHEMA);
        m.put("verdict", ComparisonFormat.overall(result.verdict()).toLowerCase(Locale.ROOT));
        m.put("confidence", result.confidence());
        m.put("environment", environment(env));
        m.put("notes", notes);
        List<Map<String, Object>> conditions = new ArrayList<>();
        for (Comparison.ConditionResult c : result.conditions()) {
            conditions.add(condition(c));
        }
        m.put("conditions", conditions);
        return m;
    }

    static Map<String, Object> environment(EnvironmentDiff env) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("declared_differences", env.factors());
        e.put("observed_differences", env.observed());
        e.put("sampling_differences", env.sampling());
        e.put("warnings", env.warnings());
        return e;
    }

    static Map<String, Object> condition(Comparison.ConditionResult c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("condition", c.condition());
        m.put("verdict", c.verdict().key());
        List<Map<String, Object>> figures = new ArrayList<>();
        for (Estimate e : c.estimates()) {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("statistic", e.statistic().key());
            f.put("unit", e.statistic().metric().unit());
            f.put("baseline", ComparisonFormat.round(e.baseline()));
            f.put("candidate", ComparisonFormat.round(e.candidate()));
            f.put("delta", ComparisonFormat.round(e.delta()));
            f.put("delta_ci", e.hasInterval() ? java.util.Arrays.asList(ComparisonFormat.round(e.deltaLow()), ComparisonFormat.round(e.deltaHigh())) : null);
            if (ComparisonFormat.inPoints(e.statistic())) {
                f.put("difference_pp", ComparisonFormat.round(ComparisonFormat.differencePoints(e)));
            }
            f.put("candidate_ci", Double.isNaN(e.candidateLow()) ? null
                    : java.util.Arrays.asList(ComparisonFormat.round(e.candidateLow()), ComparisonFormat.round(e.candidateHigh())));
            f.put("baseline_n", e.baselineCount());
            f.put("candidate_n", e.candidateCount());
            f.put("baseline_repeats", e.baselineRepeats());
            f.put("candidate_repeats", e.candidateRepeats());
            f.put("low_sample", e.lowSample());
            figures.add(f);
        }
        m.put("figures", figures);
        List<Map<String, Object>> criteria = new ArrayList<>();
        for (Judgement j : c.judgements()) {
            Map<String, Object> k = new LinkedHashMap<>();
            k.put("criterion", j.criterion().describe());
            k.put("statistic", j.criterion().statistic().key());
            k.put("bound", j.criterion().bound().key());
            k.put("threshold", j.criterion().threshold());
            k.put("verdict", j.verdict().key());
            k.put("samples_to_settle", j.samplesToSettle() > 0 ? j.samplesToSettle() : null);
            k.put("note", j.note());
            criteria.add(k);
        }
        m.put("criteria", criteria);
        return m;
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
