package dev.infergate.analysis.audience;

import dev.infergate.analysis.capacity.CapacityDifference;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.compare.Verdict;

/**
 * A {@link CapacityCriterion}'s verdict on the capacity step.
 *
 * @param criterion  what was judged
 * @param difference candidate - baseline in requests per hour, with its interval
 * @param baseline   the baseline's capacity search
 * @param candidate  the candidate's capacity search
 * @param verdict    pass, fail or inconclusive
 * @param note       why it is inconclusive, or null
 */
public record CapacityJudgement(CapacityCriterion criterion, CapacityDifference difference, CapacitySearch.Result baseline,
        CapacitySearch.Result candidate, Verdict verdict, String note) {
    public CapacityJudgement {
        if (criterion == null || difference == null || baseline == null || candidate == null || verdict == null) {
            throw new IllegalArgumentException("criterion, difference, both sides and verdict must not be null");
        }
    }
}
