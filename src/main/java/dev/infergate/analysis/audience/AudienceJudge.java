package dev.infergate.analysis.audience;

import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.compare.Comparison;
import dev.infergate.analysis.compare.Criterion;
import dev.infergate.analysis.compare.Judgement;
import dev.infergate.analysis.compare.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Judges each audience on its own criteria, reading the judgements of a comparison run under
 * {@link Audiences#union} (nothing is estimated twice) and, for capacity criteria, the capacity step.
 */
public final class AudienceJudge {
    private AudienceJudge() {}

    /**
     * Every audience's verdict.
     *
     * @param baseline  the baseline's capacity search, or null when there was none
     * @param candidate the candidate's, or null
     */
    public static List<AudienceVerdict> judge(List<Audience> audiences, Comparison.Result result,
            CapacitySearch.Result baseline, CapacitySearch.Result candidate) {
        List<AudienceVerdict> out = new ArrayList<>();
        for (Audience a : audiences) {
            out.add(judge(a, result, baseline, candidate));
        }
        return out;
    }

    static AudienceVerdict judge(Audience audience, Comparison.Result result, CapacitySearch.Result baseline,
            CapacitySearch.Result candidate) {
        List<AudienceVerdict.Judged> judged = new ArrayList<>();
        for (Comparison.ConditionResult c : result.conditions()) {
            for (Criterion wanted : audience.criteria().forCondition(c.condition())) {
                // A criterion the comparison left out does not apply there (a per-session one on independent requests).
                c.judgements().stream().filter(j -> j.criterion().equals(wanted)).findFirst()
                        .ifPresent(j -> judged.add(new AudienceVerdict.Judged(c.condition(), j)));
            }
        }
        List<CapacityJudgement> capacity = new ArrayList<>();
        boolean capacityMissing = !audience.capacity().isEmpty() && (baseline == null || candidate == null);
        if (!capacityMissing) {
            audience.capacity().forEach(k -> capacity.add(k.judge(baseline, candidate)));
        }
        Verdict verdict = Verdict.combine(Stream.concat(judged.stream().map(j -> j.judgement().verdict()),
                capacity.stream().map(CapacityJudgement::verdict)).toList());
        String reason = AudienceText.reason(verdict, judged, capacity, result.conditions().size() > 1);
        if (capacityMissing) {
            reason += "; " + CapacityCriterion.KEY + " not judged: these runs have no capacity step";
        }
        return new AudienceVerdict(audience, verdict, reason, judged, capacity);
    }

    /** The judgements of {@code verdict}, for the reason line. */
    static List<AudienceVerdict.Judged> with(List<AudienceVerdict.Judged> judged, Verdict verdict) {
        return judged.stream().filter(j -> j.judgement().verdict() == verdict).toList();
    }

    /** How far past its limit a judgement's figure lies (larger: clearer), for picking the one to name. */
    static double pastLimit(Judgement j) {
        Criterion c = j.criterion();
        double point = c.bound().relative() ? j.estimate().delta() : j.estimate().candidate();
        double d = c.atMost() ? point - c.limit() : c.limit() - point;
        if (Double.isNaN(d)) {
            return Double.NEGATIVE_INFINITY;
        }
        return c.bound().relative() || c.limit() == 0 ? d : d / Math.abs(c.limit());
    }
}
