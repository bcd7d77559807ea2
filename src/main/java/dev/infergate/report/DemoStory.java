package dev.infergate.report;

import dev.infergate.accept.AcceptResult;
import dev.infergate.analysis.Metric;
import dev.infergate.analysis.audience.AudienceVerdict;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.compare.Comparison;
import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.analysis.compare.Estimate;
import dev.infergate.analysis.compare.Statistic;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The last screen of {@code infergate demo}: the checklist's question answered in three lines, after the full report
 * above it. Each audience's verdict with the figure that decided it (the chat users' first token, the batch job's
 * requests per hour at the SLO), then how long the longest-waiting user waits on each side: at the side's capacity
 * when the capacity step ran, else over the matrix (E2E from scheduled, p99).
 */
public final class DemoStory {
    private static final Statistic LONGEST_WAIT = Statistic.of(Metric.E2E_FROM_SCHEDULED, 99);

    private DemoStory() {}

    /** The lines, each ending in a newline. */
    public static String of(AcceptResult r) {
        StringBuilder out = new StringBuilder("the checklist's answer: does the candidate serve more users within their"
                + " requirements, and how long does the longest-waiting one wait?\n");
        for (AudienceVerdict a : r.audiences()) {
            out.append("  ").append(a.line()).append('\n');
        }
        out.append("  ").append(longestWait(r)).append('\n');
        if (r.capacity().get(ComparisonRun.BASELINE_DIR) != null) {
            out.append("  ").append(SHORT_PROBES).append('\n');
        }
        return out.toString();
    }

    /**
     * What the demo's capacities are, measured against long runs of the same simulated servers (docs/acceptance.md,
     * "The demo's capacity against long runs"): its probes last a few seconds from a server left idle while the other
     * side was probed, and these servers' decode batches swing over tens of seconds near their limit, so a long run
     * holds the SLO only at lower rates than the probes show.
     */
    static final String SHORT_PROBES = "(each capacity is what probes of a few seconds show; near their limit these simulated"
            + " servers' decode batches swing over tens of seconds, and long runs hold the SLO only at lower rates:"
            + " docs/acceptance.md, \"The demo's capacity against long runs\")";

    static String longestWait(AcceptResult r) {
        CapacitySearch.Result b = r.capacity().get(ComparisonRun.BASELINE_DIR);
        CapacitySearch.Result c = r.capacity().get(ComparisonRun.CANDIDATE_DIR);
        if (b != null && c != null && b.atCapacity() != null && c.atCapacity() != null) {
            return String.format(Locale.ROOT, "longest wait (E2E from scheduled, p99) at each side's capacity: baseline %s"
                    + " at %.1f req/s, candidate %s at %.1f req/s", ms(b.atCapacity().longestWait().e2eP99Ms()),
                    b.ratePerSecond(), ms(c.atCapacity().longestWait().e2eP99Ms()), c.ratePerSecond());
        }
        List<String> parts = new ArrayList<>();
        for (Comparison.ConditionResult cr : r.comparison().result().conditions()) {
            for (Estimate e : cr.estimates()) {
                if (e.statistic().equals(LONGEST_WAIT)) {
                    parts.add((r.comparison().result().conditions().size() > 1 ? cr.condition() + ": " : "") + "baseline "
                            + ms(e.baseline()) + ", candidate " + ms(e.candidate()));
                }
            }
        }
        return "longest wait (E2E from scheduled, p99) in the matrix: " + (parts.isEmpty() ? "-" : String.join("; ", parts));
    }

    private static String ms(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%,.0f ms", v);
    }
}
