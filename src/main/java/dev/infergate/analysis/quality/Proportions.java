package dev.infergate.analysis.quality;

import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Intervals for accuracies (a share of items answered correctly) and for the difference of two accuracies
 * measured on the same items.
 */
public final class Proportions {
    private Proportions() {}

    /** The two-sided standard normal quantile for {@code confidence} (1.96 for 0.95). */
    public static double z(double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence (" + confidence + ") must be between 0 and 1");
        }
        return NormalDistribution.of(0, 1).inverseCumulativeProbability(0.5 + confidence / 2);
    }

    /**
     * The Wilson score interval of {@code correct} out of {@code total}: unlike the textbook p ± z·se it
     * stays inside [0, 1] and does not collapse to a point at 0% or 100%, which matters for small sets.
     */
    public static Interval wilson(long correct, long total, double confidence) {
        if (total < 1 || correct < 0 || correct > total) {
            throw new IllegalArgumentException("correct (" + correct + ") must be between 0 and total (" + total + "), total >= 1");
        }
        double z = z(confidence);
        double p = (double) correct / total;
        double z2n = z * z / total;
        double centre = (p + z2n / 2) / (1 + z2n);
        double half = z / (1 + z2n) * Math.sqrt(p * (1 - p) / total + z2n / (4 * total));
        return new Interval(p, Math.max(0, centre - half), Math.min(1, centre + half), confidence);
    }

    /**
     * The difference of two accuracies on the same {@code total} items, first minus second, from the
     * discordant pairs: {@code onlyFirst} items the first side got right and the second wrong, and
     * {@code onlySecond} the reverse. The interval is Agresti and Min's (2005) adjusted Wald interval for
     * paired proportions: half an item is added to each cell of the 2×2 table, so zero discordant pairs
     * still give an interval with width (the plain Wald interval would be [0, 0], claiming certainty
     * from a few items).
     */
    public static Interval pairedDifference(long onlyFirst, long onlySecond, long total, double confidence) {
        if (total < 1 || onlyFirst < 0 || onlySecond < 0 || onlyFirst + onlySecond > total) {
            throw new IllegalArgumentException("discordant pairs (" + onlyFirst + " + " + onlySecond
                    + ") must be >= 0 and at most the total (" + total + "), total >= 1");
        }
        double z = z(confidence);
        double b = onlyFirst + 0.5;
        double c = onlySecond + 0.5;
        double n = total + 2.0;
        double d = (b - c) / n;
        double variance = ((b + c) / n - d * d) / n;
        double half = z * Math.sqrt(Math.max(0, variance));
        double estimate = (double) (onlyFirst - onlySecond) / total;
        return new Interval(estimate, Math.max(-1, Math.min(estimate, d - half)), Math.min(1, Math.max(estimate, d + half)),
                confidence);
    }
}
