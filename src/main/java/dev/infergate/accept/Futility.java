package dev.infergate.accept;

import dev.infergate.analysis.compare.Judgement;

/**
 * When more repeats are not worth it for {@code --until-decided} (docs/acceptance.md, "Until decided"): a criterion
 * whose interval lies within the allowance of its limit on both sides sits on it, closer to it than runs drift.
 */
final class Futility {
    private Futility() {}

    /** Whether {@code j}'s interval, as the bootstrap gave it, lies wholly on one side of its limit. */
    static boolean clearsLimit(Judgement j) {
        boolean relative = j.criterion().bound().relative();
        double low = relative ? j.estimate().deltaLow() : j.estimate().candidateLow();
        double high = relative ? j.estimate().deltaHigh() : j.estimate().candidateHigh();
        double limit = j.criterion().limit();
        return !Double.isNaN(low) && !Double.isNaN(high) && (low > limit || high < limit);
    }

    /**
     * Whether {@code j}'s interval lies within {@code allowance} of its limit on both sides: a fraction of delta for
     * a relative criterion, that share of the limit for an absolute one.
     */
    static boolean sitsOnLimit(Judgement j, double allowance) {
        boolean relative = j.criterion().bound().relative();
        double low = relative ? j.estimate().deltaLow() : j.estimate().candidateLow();
        double high = relative ? j.estimate().deltaHigh() : j.estimate().candidateHigh();
        double limit = j.criterion().limit();
        double margin = relative ? allowance : allowance * Math.abs(limit);
        return !Double.isNaN(low) && !Double.isNaN(high) && low >= limit - margin && high <= limit + margin;
    }
}
