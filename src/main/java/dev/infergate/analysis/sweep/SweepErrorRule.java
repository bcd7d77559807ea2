package dev.infergate.analysis.sweep;

import java.util.Locale;

/**
 * How a sweep holds its error across levels: each level's change is one more comparison, and a sweep of eight levels at
 * 95 % per level would show about one interval in three that misses somewhere even between identical servers
 * (1 - 0.95^8). So every level's interval is made at {@code 1 - familyError / levels} (Bonferroni): the chance that any
 * level's interval of a figure misses its true change stays at most {@code familyError}. Bonferroni rather than Holm
 * because a sweep prints intervals, not only tests: Holm's step-down gives no simultaneous intervals, Bonferroni's are
 * simultaneous and need no ordering of the levels; {@code accept --until-decided} holds its looks the same way
 * ({@code AlphaSpending}). With {@code --levels auto} the count is the most levels declared before the first one.
 *
 * @param levels      the comparisons the error is spread over: levels of a fixed list, the most levels of auto
 * @param familyError the error held over all of them, e.g. 0.05
 */
public record SweepErrorRule(int levels, double familyError) {
    /** The error a sweep holds across its levels unless told otherwise. */
    public static final double DEFAULT_FAMILY_ERROR = 0.05;

    public SweepErrorRule {
        if (levels < 1) {
            throw new IllegalArgumentException("levels (" + levels + ") must be >= 1");
        }
        if (!(familyError > 0 && familyError < 0.5)) {
            throw new IllegalArgumentException("familyError (" + familyError + ") must be in (0, 0.5)");
        }
    }

    /** The confidence of every level's interval: {@code 1 - familyError / levels}. */
    public double confidence() {
        return 1 - familyError / levels;
    }

    /** The console's line saying what the intervals hold, e.g. for 3 levels at 5 %. */
    public String line() {
        return String.format(Locale.ROOT, "a sweep makes %d comparisons (one per level): each level's interval is at %s %%"
                + " (Bonferroni, %s %% / %d), so the chance that any level's interval of a figure misses stays %s %%",
                levels, percent(confidence()), percent(familyError), levels, percent(familyError));
    }

    private static String percent(double share) {
        String s = String.format(Locale.ROOT, "%.2f", share * 100);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
