package dev.infergate.report;

import dev.infergate.analysis.compare.Comparison;
import dev.infergate.analysis.compare.EnvironmentDiff;
import dev.infergate.analysis.compare.Judgement;
import dev.infergate.analysis.compare.Verdict;
import java.util.List;
import java.util.Map;

/** Markdown pieces shared by comparison.md and acceptance.md. */
final class Markdown {
    private Markdown() {}

    /** The environment diff: what differs, and the warnings. */
    static String environment(EnvironmentDiff env) {
        StringBuilder sb = new StringBuilder("## Environment\n\n");
        for (String w : env.warnings()) {
            sb.append(w.startsWith("WARNING") ? "> **" + w + "**\n\n" : "- " + w + "\n");
        }
        if (!env.factors().isEmpty() || !env.observed().isEmpty() || !env.sampling().isEmpty()) {
            sb.append("\n| factor | baseline | candidate |\n|---|---|---|\n");
            row(sb, env.factors(), "");
            row(sb, env.sampling(), "");
            row(sb, env.observed(), " (read from the server)");
        }
        return sb.append('\n').toString();
    }

    private static void row(StringBuilder sb, Map<String, List<String>> diffs, String suffix) {
        diffs.forEach((k, v) -> sb.append("| ").append(k).append(suffix).append(" | ").append(v.get(0)).append(" | ")
                .append(v.get(1)).append(" |\n"));
    }

    /** One line per condition: its verdict and the criteria that failed or were inconclusive. */
    static String matrix(Comparison.Result result) {
        StringBuilder sb = new StringBuilder("\n## Matrix\n\n| condition | verdict | not passed |\n|---|---|---|\n");
        for (Comparison.ConditionResult c : result.conditions()) {
            StringBuilder open = new StringBuilder();
            for (Judgement j : c.judgements()) {
                if (j.verdict() != Verdict.PASS) {
                    open.append(open.length() == 0 ? "" : ", ").append(j.criterion().describe()).append(": ")
                            .append(j.verdict().key());
                }
            }
            sb.append("| ").append(c.condition()).append(" | ").append(c.verdict().key()).append(" | ").append(open)
                    .append(" |\n");
        }
        return sb.toString();
    }
}
