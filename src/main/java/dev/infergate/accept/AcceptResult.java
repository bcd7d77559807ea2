package dev.infergate.accept;

import dev.infergate.analysis.burst.BurstTimeline;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.capacity.Measurement;
import dev.infergate.analysis.compare.ComparisonRun;
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
 */
public record AcceptResult(AcceptPlan plan, Path out, Map<String, CapacitySearch.Result> capacity,
        Map<String, String> loads, Map<String, BurstRun> burst, ComparisonRun comparison, List<String> caveats) {

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
