package dev.infergate.report;

import dev.infergate.analysis.compare.Estimate;
import dev.infergate.analysis.compare.Judgement;
import dev.infergate.analysis.Metric;
import dev.infergate.analysis.compare.Statistic;
import dev.infergate.analysis.compare.Verdict;
import java.util.List;
import java.util.Locale;

/** How comparison numbers are printed, the same in the console and in Markdown. */
final class ComparisonFormat {
    private ComparisonFormat() {}

    /** A value in its metric's unit: {@code 123.4ms}, {@code 2,310.5 tok/s}, {@code 97.50%}. */
    static String value(Statistic s, double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        Metric m = s.metric();
        if (m.isShare()) {
            return String.format(Locale.ROOT, "%.2f%%", v * 100);
        }
        if (m.isLatency()) {
            return v >= 10_000 ? String.format(Locale.ROOT, "%,.2fs", v / 1000) : String.format(Locale.ROOT, "%.1fms", v);
        }
        return String.format(Locale.ROOT, "%,.1f %s", v, m.unit()).stripTrailing(); // counts have no unit
    }

    /** A relative delta: {@code +12.3%}. */
    static String delta(double d) {
        return Double.isNaN(d) ? "-" : String.format(Locale.ROOT, "%+.1f%%", d * 100);
    }

    /**
     * Whether a statistic's change is shown as a difference in percentage points instead of a relative change: the
     * cache's warm-request share is often tiny on fresh prompts, and 0.1 % to 0.4 % printed as "+225 %" says nothing.
     */
    static boolean inPoints(Statistic s) {
        return s.metric() == Metric.CACHE_HIT_RATE;
    }

    /** The candidate minus the baseline in percentage points; NaN when either is undefined. */
    static double differencePoints(Estimate e) {
        return (e.candidate() - e.baseline()) * 100;
    }

    /** The delta cell of a statistic: relative ({@code +12.3%}), or in percentage points ({@code +0.3 pp}). */
    static String delta(Estimate e) {
        if (inPoints(e.statistic())) {
            double d = differencePoints(e);
            return Double.isNaN(d) ? "-" : String.format(Locale.ROOT, "%+.1f pp", d);
        }
        return delta(e.delta());
    }

    /** The interval cell; none for a difference in points (the bootstrap interval is of the relative change). */
    static String interval(Estimate e) {
        if (inPoints(e.statistic())) {
            return "-";
        }
        return e.hasInterval() ? "[" + delta(e.deltaLow()) + ", " + delta(e.deltaHigh()) + "]" : "-";
    }

    /** The verdict cell of a statistic's row: one entry per criterion judging it, or empty. */
    static String verdicts(Statistic s, List<Judgement> judgements) {
        StringBuilder sb = new StringBuilder();
        for (Judgement j : judgements) {
            if (!j.criterion().statistic().equals(s)) {
                continue;
            }
            if (sb.length() > 0) {
                sb.append("; ");
            }
            sb.append(j.verdict().key()).append(" (").append(j.criterion().bound().key()).append(' ')
                    .append(j.criterion().formatThreshold());
            if (j.verdict() == Verdict.INCONCLUSIVE) {
                sb.append(j.samplesToSettle() > 0
                        ? String.format(Locale.ROOT, "; ~%,d %s per side would settle it", j.samplesToSettle(),
                                s.metric().perSession() ? "completed sessions" : "requests")
                        : j.note() != null ? "; " + j.note() : "; more samples will not settle it");
            } else if (j.note() != null) { // decided on figures with this machine's delays taken off (Criterion.judge)
                sb.append("; ").append(j.note());
            }
            sb.append(')');
        }
        return sb.toString();
    }

    /** The overall word: ACCEPTED, REJECTED or INCONCLUSIVE. */
    static String overall(Verdict v) {
        return switch (v) {
            case PASS -> "ACCEPTED";
            case FAIL -> "REJECTED";
            case INCONCLUSIVE -> "INCONCLUSIVE";
        };
    }

    /** Rounded for JSON; null when undefined (JSON has no NaN). */
    static Double round(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? null : Math.round(v * 1e6) / 1e6;
    }
}
