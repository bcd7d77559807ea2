package dev.infergate.accept;

import dev.infergate.accept.AcceptPlan.LoadLevel;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.compare.Bootstrap;
import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.analysis.quality.QualityComparison;
import dev.infergate.analysis.sweep.SweepDocument;
import dev.infergate.client.Endpoint;
import dev.infergate.run.RunService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs an acceptance plan end to end: capacity at the SLO on each side ({@link CapacityProbes}), the matrix of
 * conditions with repeats interleaved ({@link MatrixRuns}), {@code --until-decided}'s looks ({@link SequentialStep}),
 * the load sweep ({@link SweepRuns}), the burst scenario ({@link BurstScenario}), the quality step ({@link QualitySides}), then the comparison. Result layout under {@code out}:
 *
 * <pre>
 * baseline/WORKLOAD/PREFIX/LOAD/rK/   one run directory per condition and repeat (same for candidate/)
 * capacity/SIDE/rate-R-aK/            the capacity probes
 * sweep/SIDE/LEVEL/rK/, sweep.json      the load sweep (as {@code infergate sweep} lays it out)
 * burst/SIDE/                         the burst run
 * </pre>
 *
 * {@code infergate compare OUT} re-judges the matrix later from these directories alone.
 */
public final class Acceptance {
    private final AcceptPlan plan;
    private final Path out;
    private final Consumer<String> progress;
    private final SideRunner runner;
    private final CapacityProbes probes;
    private final MatrixRuns matrix;
    private final UntilDecided.Settings untilDecided;

    private Acceptance(AcceptPlan plan, Path out, Consumer<String> progress, UntilDecided.Settings untilDecided) {
        this(plan, out, progress, new SideRunner(plan), untilDecided);
    }

    private Acceptance(AcceptPlan plan, Path out, Consumer<String> progress, SideRunner runner,
            UntilDecided.Settings untilDecided) {
        this.plan = plan;
        this.untilDecided = untilDecided;
        this.out = out;
        this.progress = progress == null ? s -> { } : progress;
        this.runner = runner;
        runner.watchWith(StepProgress.runsOf(progress));
        this.probes = new CapacityProbes(plan, out, this.progress, runner);
        this.matrix = new MatrixRuns(plan, out, this.progress, runner);
    }

    /**
     * Runs {@code plan} into {@code out} (which must not hold an earlier result).
     *
     * @param progress receives one line per step, or null
     * @throws RunService.SetupException when an endpoint cannot be used or the plan cannot run
     */
    public static AcceptResult run(AcceptPlan plan, Path out, Consumer<String> progress)
            throws RunService.SetupException, IOException {
        return run(plan, out, progress, null);
    }

    /**
     * As {@link #run(AcceptPlan, Path, Consumer)}; with {@code untilDecided} set, repeats are added to undecided
     * conditions after the matrix (docs/acceptance.md, "Until decided").
     */
    public static AcceptResult run(AcceptPlan plan, Path out, Consumer<String> progress, UntilDecided.Settings untilDecided)
            throws RunService.SetupException, IOException {
        if (Files.exists(out.resolve(ComparisonRun.BASELINE_DIR))) {
            throw new RunService.SetupException(out + " already holds an acceptance result; pass another --out", true, null);
        }
        if (plan.baseline().importFile() != null) { // a fixed baseline read from a file: only the candidate runs
            return ImportedBaseline.run(plan, out, progress, untilDecided);
        }
        return new Acceptance(plan, out, progress, untilDecided).execute();
    }

    /**
     * Only the capacity step, on the plan's baseline: for {@code infergate capacity}. Probes go to
     * {@code out/capacity/baseline/}.
     */
    public static CapacitySearch.Result capacity(AcceptPlan plan, Path out, Consumer<String> progress)
            throws RunService.SetupException, IOException {
        return capacity(plan, new SideRunner(plan), out, progress);
    }

    /**
     * Only the capacity step, reaching the baseline at {@code endpoint} (headers, TLS, HTTP/2, timeouts as given)
     * with the key from {@code apiKeyEnv}: for {@code infergate capacity} with the shared endpoint options.
     */
    public static CapacitySearch.Result capacity(AcceptPlan plan, Endpoint endpoint, String apiKeyEnv, boolean apiKeySet,
            Path out, Consumer<String> progress) throws RunService.SetupException, IOException {
        SideRunner runner = new SideRunner(plan);
        runner.reachAt(endpoint, apiKeyEnv, apiKeySet);
        return capacity(plan, runner, out, progress);
    }

    private static CapacitySearch.Result capacity(AcceptPlan plan, SideRunner runner, Path out, Consumer<String> progress)
            throws RunService.SetupException, IOException {
        if (plan.capacity() == null) {
            throw new IllegalArgumentException("the plan's capacity step is disabled");
        }
        Acceptance a = new Acceptance(plan, out, progress, runner, null);
        CapacitySearch search = a.probes.search(ComparisonRun.BASELINE_DIR, plan.baseline());
        a.probes.probeInterleaved(List.of(search));
        return search.result();
    }

    private AcceptResult execute() throws RunService.SetupException, IOException {
        List<String> caveats = new ArrayList<>(MatrixRuns.agentCaveats(plan));
        Map<String, CapacitySearch.Result> capacity = new LinkedHashMap<>();
        if (plan.capacity() != null && plan.capacity().from() != null) { // an earlier result stands for the step
            capacity.putAll(ReusedCapacity.read(plan, progress));
            caveats.add(ReusedCapacity.caveat(plan));
        } else if (plan.capacity() != null) {
            CapacitySearch base = probes.search(ComparisonRun.BASELINE_DIR, plan.baseline());
            CapacitySearch cand = probes.search(ComparisonRun.CANDIDATE_DIR, plan.candidate());
            probes.probeInterleaved(List.of(base, cand));
            capacity.put(ComparisonRun.BASELINE_DIR, base.result());
            capacity.put(ComparisonRun.CANDIDATE_DIR, cand.result());
        }
        double baselineCapacity = capacity.isEmpty() ? 0 : capacity.get(ComparisonRun.BASELINE_DIR).ratePerSecond();
        if (plan.needsCapacity() && baselineCapacity <= 0) {
            double lowest = capacity.isEmpty() ? Double.NaN : capacity.get(ComparisonRun.BASELINE_DIR).steps().stream()
                    .mapToDouble(CapacitySearch.Step::ratePerSecond).min().orElse(Double.NaN);
            throw new RunService.SetupException("the baseline held the SLO at no rate tried" + (Double.isNaN(lowest) ? ""
                    : String.format(java.util.Locale.ROOT, " (down to %.3g req/s)", lowest)) + ", so loads given as fractions"
                    + " of capacity cannot be set; loosen the slo or give loads as rates", true, null);
        }
        Map<String, String> loads = new LinkedHashMap<>();
        for (LoadLevel l : plan.loads()) {
            loads.put(l.name(), MatrixRuns.describe(l, baselineCapacity));
        }
        long matrixStart = System.nanoTime();
        matrix.run(baselineCapacity);
        SequentialStep sequential = null;
        UntilDecided.Outcome outcome = null;
        if (untilDecided != null) {
            sequential = new SequentialStep(plan, out, untilDecided, progress, (c, k) -> matrix.repeat(c, k, baselineCapacity));
            outcome = sequential.run(System.nanoTime() - matrixStart);
        }
        SweepDocument sweep = plan.sweep() == null ? null
                : SweepRuns.step(plan, plan.sweep(), runner, out.resolve(SweepStep.DIR), progress);
        Map<String, AcceptResult.BurstRun> burst = new LinkedHashMap<>();
        if (plan.burst() != null) {
            double base = plan.burst().baseRate() > 0 ? plan.burst().baseRate() : baselineCapacity / 2;
            if (base > 0) {
                BurstScenario scenario = new BurstScenario(plan, out, progress, runner);
                burst.put(ComparisonRun.BASELINE_DIR, scenario.run(ComparisonRun.BASELINE_DIR, plan.baseline(), base));
                burst.put(ComparisonRun.CANDIDATE_DIR, scenario.run(ComparisonRun.CANDIDATE_DIR, plan.candidate(), base));
            } else {
                caveats.add("burst skipped: no typical rate (the baseline held the SLO at no rate tried)");
            }
        }
        QualityComparison quality = null;
        if (plan.quality() != null) {
            quality = QualitySides.run(plan, plan.quality(), out, progress);
        } else {
            caveats.add("no quality check (the plan has no quality step; add quality: true or a quality: block): speed alone"
                    + " does not show that the candidate's answers are as good");
        }
        progress.accept("comparing baseline and candidate");
        ComparisonRun comparison = sequential != null ? sequential.comparison() : ComparisonRun.of(
                out.resolve(ComparisonRun.BASELINE_DIR), out.resolve(ComparisonRun.CANDIDATE_DIR), plan.criteria(),
                new Bootstrap(plan.seed()), plan.runToRunAllowance());
        caveats.addAll(comparison.environment().warnings().stream().filter(w -> w.startsWith("WARNING")).toList());
        caveats.addAll(comparison.notes());
        return new AcceptResult(plan, out, capacity, loads, burst, comparison, caveats, quality, outcome, sweep);
    }

}
