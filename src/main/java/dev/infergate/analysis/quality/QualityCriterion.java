package dev.infergate.analysis.quality;

import java.util.Locale;

/**
 * The acceptance plan's {@code quality.accuracy: {max_drop: 1%}}: the candidate's accuracy may be at most
 * {@code maxDrop} below the baseline's on the same items, judged on a two-sided interval of the paired
 * difference at {@code confidence}.
 *
 * @param maxDrop    the largest allowed drop, as a fraction (0.01 = one percentage point), in [0, 1)
 * @param confidence the interval's coverage, e.g. 0.95
 */
public record QualityCriterion(double maxDrop, double confidence) {
    public static final double DEFAULT_CONFIDENCE = 0.95;

    public QualityCriterion {
        if (!(maxDrop >= 0 && maxDrop < 1)) {
            throw new IllegalArgumentException("max_drop (" + maxDrop + ") must be a fraction in [0, 1), e.g. 0.01 or 1%");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence (" + confidence + ") must be between 0 and 1");
        }
    }

    /** {@code 1%} (percentage points) or {@code 0.01}; 95% confidence. */
    public static QualityCriterion maxDrop(String text) {
        String t = text == null ? "" : text.strip();
        try {
            double value = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1).strip()) / 100 : Double.parseDouble(t);
            return new QualityCriterion(value, DEFAULT_CONFIDENCE);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("max_drop '" + text + "' is not a number; write it like 1% or 0.01", e);
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "accuracy max_drop %s", Percent.of(maxDrop));
    }
}
