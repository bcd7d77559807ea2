package dev.infergate.analysis.compare;

import dev.infergate.analysis.SimulatorLag;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The comparison's note on runs whose client fell behind its schedule, or whose simulator fell behind its model
 * (docs/acceptance.md, "Late clients and simulators: bounds, not vetoes"). Such runs are no longer left out: what
 * their lateness can have added to each figure is a bound ({@link Lateness}) that each criterion weighs against
 * how far its interval clears its limit, so a large effect is decided on a busy machine and a small one is held
 * back, naming the lateness in its way. This note only says how many runs were late and how late each side was
 * at worst.
 */
final class LateRuns {
    private LateRuns() {}

    /** One note for the comparison, or null when no run was client-limited or served by a simulator behind. */
    static String note(Map<String, Comparison.Pair> pairs) {
        int late = 0;
        int simulator = 0;
        int runs = 0;
        List<Lateness> baseline = new ArrayList<>();
        List<Lateness> candidate = new ArrayList<>();
        for (Comparison.Pair pair : pairs.values()) {
            for (RepeatSample r : pair.baseline().repeats()) {
                runs++;
                late += r.limited() ? 1 : 0;
                simulator += r.simulatorBehind() ? 1 : 0;
            }
            for (RepeatSample r : pair.candidate().repeats()) {
                runs++;
                late += r.limited() ? 1 : 0;
                simulator += r.simulatorBehind() ? 1 : 0;
            }
            baseline.add(pair.baseline().lateness());
            candidate.add(pair.candidate().lateness());
        }
        if (late == 0) {
            return null;
        }
        return String.format(Locale.ROOT, "late runs: in %d of %d run(s) the client fell behind its schedule (lag p99"
                + " above 10 ms in at least 2 requests)%s; kept, with what the lateness can have added as a bound: a"
                + " criterion is decided only where its interval clears its limit by more than that bound explains"
                + " (at worst %s on the baseline's side, %s on the candidate's)", late, runs,
                simulator == 0 ? "" : " or, in " + simulator + ", the simulator serving them fell behind its own model ("
                        + SimulatorLag.LIMITS + ")", worst(baseline), worst(candidate));
    }

    private static String worst(List<Lateness> sides) {
        Lateness w = Lateness.worstOf(sides);
        return String.format(Locale.ROOT, "%,.0f ms on latencies and %.1f %% of the window on rates", w.latencyMs(),
                w.rateShare() * 100);
    }
}
