package dev.infergate.analysis.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where a figure's change turns between neighbouring levels: the candidate higher at one level and lower at the next
 * (or back), as the checklist's source saw throughput gains with TTFT losses at low load turning at higher load. A
 * turn between two intervals that both exclude 0 is a flip; one where either holds 0 is only a lean, said as such.
 */
final class Flips {
    /** The figures whose turns are worth a line (attainment and errors have their own columns). */
    private static final List<SweepFigure> WATCHED = List.of(SweepFigure.THROUGHPUT_RPS, SweepFigure.OUTPUT_TOKENS_PER_S,
            SweepFigure.TTFT_P50_MS, SweepFigure.TTFT_P99_MS, SweepFigure.ITL_P50_MS, SweepFigure.E2E_P50_MS,
            SweepFigure.E2E_P99_MS, SweepFigure.GOODPUT_RPS, SweepFigure.TOKENS_PER_S_PER_USER);

    private Flips() {}

    /** One line per flip (both intervals exclude 0), in figure order; empty when nothing flips (or one side only). */
    static List<String> of(List<SweepDocument.LevelResult> levels) {
        return turns(levels, true);
    }

    /** One short entry per lean (a turn where an interval holds 0): {@code TTFT p50 c=1 -> c=4}. */
    static List<String> leans(List<SweepDocument.LevelResult> levels) {
        return turns(levels, false);
    }

    private static List<String> turns(List<SweepDocument.LevelResult> levels, boolean flips) {
        List<String> out = new ArrayList<>();
        for (SweepFigure f : WATCHED) {
            SweepDocument.LevelResult previous = null;
            for (SweepDocument.LevelResult level : levels) {
                SweepDocument.Change c = level.change(f);
                if (c == null || c.delta() == null || c.delta() == 0) {
                    continue;
                }
                if (previous != null && Math.signum(previous.change(f).delta()) != Math.signum(c.delta())) {
                    SweepDocument.Change p = previous.change(f);
                    boolean decided = isDecided(p) && isDecided(c);
                    if (decided && flips) {
                        out.add(String.format(Locale.ROOT, "%s flips between %s (%s) and %s (%s), both intervals excluding 0",
                                f.label(), previous.label(), signed(p.delta()), level.label(), signed(c.delta())));
                    } else if (!decided && !flips) {
                        out.add(f.label() + " " + previous.label() + " -> " + level.label());
                    }
                }
                previous = level;
            }
        }
        return out;
    }

    private static boolean isDecided(SweepDocument.Change c) {
        return "higher".equals(c.direction()) || "lower".equals(c.direction());
    }

    static String signed(double share) {
        return String.format(Locale.ROOT, "%+.1f %%", share * 100);
    }
}
