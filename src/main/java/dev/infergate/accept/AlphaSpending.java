package dev.infergate.accept;

/**
 * How {@code accept --until-decided} holds a criterion's error rate across its repeated looks at growing data
 * (docs/acceptance.md, "Until decided"): Bonferroni over a declared maximum number of looks. Each look judges
 * with intervals at confidence {@code 1 - alpha / maxLooks}, so whatever the data and however the looks are
 * correlated, the chance that any look decides a criterion wrongly is at most the sum, {@code alpha} (the union
 * bound). A decision made at one look is kept: later looks judge only what is still undecided.
 *
 * <p>Why not O'Brien-Fleming-like spending: its first looks spend almost nothing (at 1 of 6 looks about 2e-6),
 * i.e. intervals at 99.9998 %, which a bootstrap of a few thousand resamples cannot resolve, so early looks could
 * never decide. Pocock's constant boundary is a little less strict (0.0158 per look for 5 looks at 5 %, against
 * Bonferroni's 0.01) but assumes normally distributed, independent increments, which percentile-bootstrap
 * intervals over repeats and requests do not promise; Bonferroni needs no such assumption and costs little.
 *
 * @param alpha    the error rate to hold over every look, e.g. 0.05 (the usual 95 % intervals)
 * @param maxLooks the most looks that may be taken, declared before the first, {@code >= 1}
 */
public record AlphaSpending(double alpha, int maxLooks) {
    public AlphaSpending {
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha (" + alpha + ") must be in (0, 0.5)");
        }
        if (maxLooks < 1) {
            throw new IllegalArgumentException("maxLooks (" + maxLooks + ") must be >= 1");
        }
    }

    /** The error rate spent at look {@code look} (1-based): {@code alpha / maxLooks} at every look. */
    public double alphaAt(int look) {
        if (look < 1 || look > maxLooks) {
            throw new IllegalArgumentException("look (" + look + ") must be in [1, " + maxLooks + "]");
        }
        return alpha / maxLooks;
    }

    /** The error rate spent by the end of look {@code look}: never more than {@code alpha}. */
    public double spentBy(int look) {
        double sum = 0;
        for (int k = 1; k <= look; k++) {
            sum += alphaAt(k);
        }
        return sum;
    }

    /** The confidence of the intervals judged at look {@code look}. */
    public double confidenceAt(int look) {
        return 1 - alphaAt(look);
    }

    /**
     * Bootstrap resamples enough to resolve the interval's tails at that confidence: at least ten resamples
     * beyond each end (2,000 for 5 looks at 5 %, 4,000 for 10).
     */
    public int resamplesAt(int look) {
        return (int) Math.max(2000, Math.ceil(10 / (alphaAt(look) / 2)));
    }
}
