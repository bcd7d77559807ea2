package dev.infergate.accept;

import dev.infergate.analysis.Metric;
import dev.infergate.analysis.compare.Comparison;
import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.analysis.compare.Judgement;
import dev.infergate.analysis.compare.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * Says why a criterion an imported baseline cannot support is inconclusive: the comparison leaves a figure the
 * import lacks undefined (never judged on a stand-in), and this names what is missing, e.g. "the vLLM result has
 * no scheduled start per request: no ttft_from_scheduled for the baseline". Verdicts are not touched.
 */
final class ImportedReasons {
    private ImportedReasons() {}

    /**
     * {@code run} with every inconclusive judgement on a figure {@code source} lacks explained, and {@code first}
     * before its notes (what was skipped and not compared: the console prints notes, acceptance.json keeps them).
     */
    static ComparisonRun explain(ComparisonRun run, BaselineSource source, List<String> first) {
        List<Comparison.ConditionResult> conditions = new ArrayList<>();
        for (Comparison.ConditionResult c : run.result().conditions()) {
            List<Judgement> judgements = c.judgements().stream().map(j -> explain(j, source)).toList();
            conditions.add(c.rejudged(judgements, c.verdict()));
        }
        Comparison.Result result = new Comparison.Result(conditions, run.result().verdict(), run.result().confidence());
        List<String> notes = new ArrayList<>(first);
        notes.addAll(run.notes());
        return new ComparisonRun(result, run.environment(), notes);
    }

    private static Judgement explain(Judgement j, BaselineSource source) {
        String key = j.criterion().statistic().metric().key();
        if (j.verdict() != Verdict.INCONCLUSIVE || !source.imported().lacks(key)) {
            return j;
        }
        return new Judgement(j.criterion(), j.estimate(), j.verdict(), -1, reason(key, source));
    }

    /** Why {@code source} has no {@code key} for the baseline. */
    static String reason(String key, BaselineSource source) {
        String what = source.describeSource() + " has no ";
        String lacking;
        if (Metric.keysOf(Metric.TTFT_FROM_SCHEDULED, Metric.E2E_FROM_SCHEDULED, Metric.QUEUE_WAIT).contains(key)) {
            lacking = "scheduled start per request (it records when each was sent)";
        } else if (key.startsWith("cache.")) {
            lacking = "cached-token counts";
        } else if (Metric.keysOf(Metric.ITL, Metric.MAX_STALL).contains(key)) {
            lacking = "gaps between chunks";
        } else if (source.imported().sampled()) {
            lacking = "record of every request (it keeps a sample)";
        } else if (key.startsWith("throughput.") || key.startsWith("goodput.")) {
            lacking = "start time per request, so its requests cannot be placed in time";
        } else {
            lacking = key;
        }
        return what + lacking + ": no " + key + " for the baseline";
    }
}
