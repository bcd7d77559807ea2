package dev.infergate.analysis.compare;

/**
 * A criterion's verdict on an estimate.
 *
 * @param criterion       what was judged
 * @param estimate        the evidence
 * @param verdict         pass, fail or inconclusive
 * @param samplesToSettle for an inconclusive verdict: about how many requests per side (in total, across
 *                        repeats) would settle it if the estimate held; -1 when none would (the estimate
 *                        sits on the threshold, or there is no interval); 0 when settled
 * @param note            why there is no interval, or null
 */
public record Judgement(Criterion criterion, Estimate estimate, Verdict verdict, long samplesToSettle, String note) {
    public Judgement {
        if (criterion == null || estimate == null || verdict == null) {
            throw new IllegalArgumentException("criterion, estimate and verdict must not be null");
        }
    }
}
