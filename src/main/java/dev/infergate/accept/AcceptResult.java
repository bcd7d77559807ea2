package dev.infergate.accept;

import dev.infergate.analysis.audience.AudienceJudge;
import dev.infergate.analysis.audience.AudienceVerdict;
import dev.infergate.analysis.burst.BurstTimeline;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.capacity.CurveComparison;
import dev.infergate.analysis.capacity.Measurement;
import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.analysis.compare.Verdict;
import dev.infergate.analysis.quality.QualityComparison;
import dev.infergate.analysis.sweep.SweepDocument;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Everything an acceptance run produced. Maps are keyed by side ({@code baseline}, {@code candidate}).
 *
 * @param plan        what was asked
 * @param out         the result directory
 * @param capacity    capacity at the SLO per side; empty when the step was skipped
 * @param loads       the load of each level as run (e.g. {@code rate 12.5/s} for a fraction of capacity)
 * @param burst       the burst scenario per side; empty when skipped
 * @param comparison  the matrix comparison with its verdict
 * @param caveats     things the reader must know (low samples, skipped steps, environment warnings)
 * @param quality     the task-quality comparison, or null when the plan skipped it
 * @param untilDecided how {@code --until-decided} added repeats, or null when it was not asked for
 * @param sweep       the plan's load sweep (sweep/sweep.json), or null when the plan has no sweep step
 */
public record AcceptResult(AcceptPlan plan, Path out, Map<String, CapacitySearch.Result> capacity,
        Map<String, String> loads, Map<String, BurstRun> burst, ComparisonRun comparison, List<String> caveats,
        QualityComparison quality, UntilDecided.Outcome untilDecided, SweepDocument sweep) {

    /** A result without a sweep step. */
    public AcceptResult(AcceptPlan plan, Path out, Map<String, CapacitySearch.Result> capacity, Map<String, String> loads,
            Map<String, BurstRun> burst, ComparisonRun comparison, List<String> caveats, QualityComparison quality,
            UntilDecided.Outcome untilDecided) {
        this(plan, out, capacity, loads, burst, comparison, caveats, quality, untilDecided, null);
    }

    /** A result without {@code --until-decided}. */
    public AcceptResult(AcceptPlan plan, Path out, Map<String, CapacitySearch.Result> capacity, Map<String, String> loads,
            Map<String, BurstRun> burst, ComparisonRun comparison, List<String> caveats,
            QualityComparison quality) {
        this(plan, out, capacity, loads, burst, comparison, caveats, quality, null, null);
    }

    /**
     * Each audience's verdict on its own criteria (one audience {@code all} when the plan declares none), from the
     * matrix comparison and the capacity step.
     */
    public List<AudienceVerdict> audiences() {
        return AudienceJudge.judge(plan.audiences(), comparison.result(), capacity.get(ComparisonRun.BASELINE_DIR),
                capacity.get(ComparisonRun.CANDIDATE_DIR));
    }

    /**
     * The two sides' attainment curves compared (docs/acceptance.md, "Comparing the curves"), its draws seeded by the
     * plan's seed; null without capacity on both sides.
     */
    public CurveComparison capacityCurves() {
        CapacitySearch.Result b = capacity.get(ComparisonRun.BASELINE_DIR);
        CapacitySearch.Result c = capacity.get(ComparisonRun.CANDIDATE_DIR);
        return b == null || c == null ? null : CurveComparison.of(b, c, plan.capacity().target(), plan.seed());
    }

    /**
     * The overall verdict: the worst audience (docs/acceptance.md, "Audiences") and the quality check together. A failed quality check rejects
     * the candidate whatever its speed; an inconclusive one keeps an otherwise accepted candidate inconclusive.
     */
    public Verdict verdict() {
        Verdict speed = AudienceVerdict.worst(audiences());
        if (quality == null) {
            return speed;
        }
        Verdict q = switch (quality.verdict()) {
            case PASS -> Verdict.PASS;
            case FAIL -> Verdict.FAIL;
            case INCONCLUSIVE -> Verdict.INCONCLUSIVE;
        };
        return Verdict.combine(List.of(speed, q));
    }

    /**
     * One side's burst run.
     *
     * @param baseRate typical rate, req/s
     * @param peakRate rate during the step, req/s
     * @param timeline second by second
     * @param phases   longest wait (from scheduled) before, during and after the step
     */
    public record BurstRun(double baseRate, double peakRate, List<BurstTimeline.Second> timeline,
            Map<String, Measurement.LongestWait> phases, Map<String, Long> failures) {}
}
