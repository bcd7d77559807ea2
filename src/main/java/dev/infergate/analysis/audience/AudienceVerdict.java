package dev.infergate.analysis.audience;

import dev.infergate.analysis.compare.Judgement;
import dev.infergate.analysis.compare.Verdict;
import java.util.List;

/**
 * One audience's verdict: the combination of its own judgements only (any fail rejects, otherwise any
 * inconclusive leaves it inconclusive), with a one-line reason.
 *
 * @param audience  who it is for
 * @param verdict   pass (ACCEPTED), fail (REJECTED) or inconclusive
 * @param reason    one line: the deciding figure with its interval and limit, e.g.
 *                  {@code TTFT p95 +11.0 % [+7.0, +15.0] over the 10 % limit}
 * @param judged    its judgements on the matrix conditions, condition by condition
 * @param capacity  its judgements on the capacity step
 */
public record AudienceVerdict(Audience audience, Verdict verdict, String reason, List<Judged> judged,
        List<CapacityJudgement> capacity) {
    public AudienceVerdict {
        if (audience == null || verdict == null || reason == null) {
            throw new IllegalArgumentException("audience, verdict and reason must not be null");
        }
        judged = List.copyOf(judged);
        capacity = List.copyOf(capacity);
    }

    /**
     * A judgement in a condition.
     *
     * @param condition the condition's name, {@code workload/prefix/load}
     * @param judgement the criterion's verdict there
     */
    public record Judged(String condition, Judgement judgement) {}

    /** ACCEPTED, REJECTED or INCONCLUSIVE. */
    public String word() {
        return word(verdict);
    }

    /** ACCEPTED, REJECTED or INCONCLUSIVE. */
    public static String word(Verdict v) {
        return switch (v) {
            case PASS -> "ACCEPTED";
            case FAIL -> "REJECTED";
            case INCONCLUSIVE -> "INCONCLUSIVE";
        };
    }

    /** The console line: {@code chat users: REJECTED, TTFT p95 +11.0 % [+7.0, +15.0] over the 10 % limit}. */
    public String line() {
        return audience.label() + ": " + word() + ", " + reason;
    }

    /** The worst of {@code verdicts}: any rejected rejects; otherwise any inconclusive; otherwise accepted. */
    public static Verdict worst(List<AudienceVerdict> verdicts) {
        return Verdict.combine(verdicts.stream().map(AudienceVerdict::verdict).toList());
    }
}
