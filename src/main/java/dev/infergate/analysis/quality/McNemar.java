package dev.infergate.analysis.quality;

import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.BinomialTest;

/**
 * McNemar's exact test for paired right/wrong outcomes: only items where the two sides disagree carry
 * information, and under "no difference" each such item is equally likely to favour either side, so the
 * count favouring one side is Binomial(discordant, 1/2). The two-sided p-value is that of the exact
 * binomial test (commons-statistics).
 */
public final class McNemar {
    private McNemar() {}

    /**
     * @param onlyFirst  items the first side got right and the second wrong
     * @param onlySecond items the second side got right and the first wrong
     * @return the two-sided p-value; 1 when there is no discordant pair
     */
    public static double exactPValue(long onlyFirst, long onlySecond) {
        if (onlyFirst < 0 || onlySecond < 0) {
            throw new IllegalArgumentException("discordant counts (" + onlyFirst + ", " + onlySecond + ") must be >= 0");
        }
        long discordant = onlyFirst + onlySecond;
        if (discordant == 0) {
            return 1.0;
        }
        if (discordant > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("discordant pairs (" + discordant + ") exceed " + Integer.MAX_VALUE);
        }
        return BinomialTest.withDefaults().with(AlternativeHypothesis.TWO_SIDED)
                .test((int) discordant, (int) onlyFirst, 0.5).getPValue();
    }
}
