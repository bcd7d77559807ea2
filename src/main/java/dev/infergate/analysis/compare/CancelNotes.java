package dev.infergate.analysis.compare;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a comparison says when requests were cancelled by the client on purpose (user cancellations,
 * docs/metrics.md): how many on each side, and that they are out of the error, timeout and attainment shares.
 * Silent when neither side had any, so other comparisons do not change.
 */
final class CancelNotes {
    private CancelNotes() {}

    /** One note over every compared condition, or none without user cancellations. */
    static List<String> of(Map<String, Comparison.Pair> pairs) {
        long[] base = new long[2];
        long[] cand = new long[2];
        for (Comparison.Pair p : pairs.values()) {
            count(p.baseline(), base);
            count(p.candidate(), cand);
        }
        if (base[0] == 0 && cand[0] == 0) {
            return List.of();
        }
        return List.of(String.format(Locale.ROOT, "user cancellations: baseline %s, candidate %s cancelled by the client "
                + "(not failures: out of the error, timeout and attainment shares; their TTFT and ITL count, their E2E and "
                + "tokens do not)", share(base), share(cand)));
    }

    private static void count(Sample s, long[] cancelledAndSent) {
        for (RepeatSample r : s.repeats()) {
            cancelledAndSent[0] += r.cancelled();
            cancelledAndSent[1] += r.size();
        }
    }

    private static String share(long[] cancelledAndSent) {
        return cancelledAndSent[1] == 0 ? "0" : String.format(Locale.ROOT, "%d of %d (%.1f %%)", cancelledAndSent[0],
                cancelledAndSent[1], 100.0 * cancelledAndSent[0] / cancelledAndSent[1]);
    }
}
