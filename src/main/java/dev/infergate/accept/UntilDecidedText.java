package dev.infergate.accept;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The lines {@code accept --until-decided} prints: before each added look, and what is left at the end. */
public final class UntilDecidedText {
    /** Undecided criteria listed one per line at most; the rest are counted. */
    private static final int LISTED = 8;

    private UntilDecidedText() {}

    static String nextLook(int look, AlphaSpending spending, Map<String, Integer> step, long nanos, long budgetLeftNanos) {
        List<String> parts = new ArrayList<>();
        step.forEach((c, k) -> parts.add(c + " +" + k));
        return String.format(Locale.ROOT, "until decided: look %d of %d (intervals at %s %%): more repeats of %d undecided"
                + " condition(s) (%s), about %s; budget left %s", look, spending.maxLooks(), confidence(spending, look),
                step.size(), String.join(", ", parts.subList(0, Math.min(3, parts.size())))
                        + (parts.size() > 3 ? ", ..." : ""), time(nanos), time(budgetLeftNanos));
    }

    /** The closing lines: why it stopped, what it cost, and what is still undecided with the time left. */
    public static List<String> summary(UntilDecided.Outcome o) {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "until decided: stopped after look %d of %d (%s); added %d repeat(s), %,d requests"
                + " per side, in %s; error rate held at %s %% over the looks (Bonferroni: %s %% per look)", o.looks(),
                o.spending().maxLooks(), o.stop().reason(), o.addedRepeats(), o.addedRequests(), time(o.elapsedNanos()),
                number(o.spending().alpha() * 100), number(o.spending().alphaAt(1) * 100)));
        if (o.undecided().isEmpty()) {
            return out;
        }
        out.add(String.format(Locale.ROOT, "until decided: still undecided: %d criterion/criteria; estimated time left to"
                + " settle them: %s", o.undecided().size(), o.nanosLeft() < 0 ? "unknown (a figure sits on its limit)"
                : "about " + time(o.nanosLeft())));
        o.undecided().stream().limit(LISTED).forEach(u -> out.add("  " + u.condition() + " " + u.criterion() + ": "
                + (u.moreRequests() < 0 ? "no sample size settles it at the current estimate"
                : String.format(Locale.ROOT, "~%,d more requests per side (%d repeat(s), about %s)", u.moreRequests(),
                        u.moreRepeats(), time(u.nanosLeft())))
                + (u.futile() ? "; sits on its limit: not worth more repeats within this budget" : "")));
        if (o.undecided().size() > LISTED) {
            out.add("  ... and " + (o.undecided().size() - LISTED) + " more (acceptance.json)");
        }
        return out;
    }

    private static String confidence(AlphaSpending s, int look) {
        return number(Math.round(s.confidenceAt(look) * 10000) / 100.0);
    }

    /** {@code 45s}, {@code 2m10s}, {@code 1h05m}. */
    static String time(long nanos) {
        long s = Math.max(0, Math.round(nanos / 1e9));
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60);
    }

    private static String number(double v) {
        double r = Math.round(v * 1000) / 1000.0;
        return r == Math.rint(r) ? Long.toString((long) r) : Double.toString(r);
    }
}
