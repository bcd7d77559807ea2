package dev.infergate.accept;

import dev.infergate.accept.AcceptPlan.LoadLevel;
import dev.infergate.accept.AcceptPlan.Side;
import dev.infergate.analysis.burst.BurstPhases;
import dev.infergate.analysis.burst.BurstTimeline;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.compare.Bootstrap;
import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.analysis.quality.QualityComparison;
import dev.infergate.analysis.quality.QualityCriterion;
import dev.infergate.client.Endpoint;
import dev.infergate.client.Preflight;
import dev.infergate.load.ArrivalKind;
import dev.infergate.load.ArrivalSchedule;
import dev.infergate.load.ClosedLoop;
import dev.infergate.load.LoadModel;
import dev.infergate.load.OpenLoop;
import dev.infergate.load.PiecewiseSchedule;
import dev.infergate.load.SessionStarts;
import dev.infergate.quality.QualityPlan;
import dev.infergate.quality.QualityRun;
import dev.infergate.quality.eval.EvalSet;
import dev.infergate.record.RequestRecord;
import dev.infergate.run.RunService;
import dev.infergate.workload.PrefixMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs an acceptance plan end to end: capacity at the SLO on each side, the matrix of conditions with
 * repeats interleaved (baseline first on even repeats, candidate first on odd ones, so drift hits both
 * alike), the burst scenario, then the comparison. Result layout under {@code out}:
 *
 * <pre>
 * baseline/WORKLOAD/PREFIX/LOAD/rK/   one run directory per condition and repeat (same for candidate/)
 * capacity/SIDE/rate-R-aK/            the capacity probes
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
        this.probes = new CapacityProbes(plan, out, this.progress, runner);
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
        List<String> caveats = new ArrayList<>(agentCaveats(plan));
        Map<String, CapacitySearch.Result> capacity = new LinkedHashMap<>();
        if (plan.capacity() != null) {
            CapacitySearch base = probes.search(ComparisonRun.BASELINE_DIR, plan.baseline());
            CapacitySearch cand = probes.search(ComparisonRun.CANDIDATE_DIR, plan.candidate());
            probes.probeInterleaved(List.of(base, cand));
            capacity.put(ComparisonRun.BASELINE_DIR, base.result());
            capacity.put(ComparisonRun.CANDIDATE_DIR, cand.result());
        }
        double baselineCapacity = capacity.isEmpty() ? 0 : capacity.get(ComparisonRun.BASELINE_DIR).ratePerSecond();
        if (plan.needsCapacity() && baselineCapacity <= 0) {
            throw new RunService.SetupException("the baseline held the SLO at no rate tried (down to "
                    + plan.capacity().startRate() + " req/s), so loads given as fractions of capacity cannot be set;"
                    + " loosen the slo or give loads as rates", true, null);
        }
        Map<String, String> loads = new LinkedHashMap<>();
        for (LoadLevel l : plan.loads()) {
            loads.put(l.name(), describe(l, baselineCapacity));
        }
        long matrixStart = System.nanoTime();
        matrix(baselineCapacity);
        SequentialStep sequential = null;
        UntilDecided.Outcome outcome = null;
        if (untilDecided != null) {
            sequential = new SequentialStep(plan, out, untilDecided, progress, (c, k) -> repeat(c, k, baselineCapacity));
            outcome = sequential.run(System.nanoTime() - matrixStart);
        }
        Map<String, AcceptResult.BurstRun> burst = new LinkedHashMap<>();
        if (plan.burst() != null) {
            double base = plan.burst().baseRate() > 0 ? plan.burst().baseRate() : baselineCapacity / 2;
            if (base > 0) {
                burst.put(ComparisonRun.BASELINE_DIR, burst(ComparisonRun.BASELINE_DIR, plan.baseline(), base));
                burst.put(ComparisonRun.CANDIDATE_DIR, burst(ComparisonRun.CANDIDATE_DIR, plan.candidate(), base));
            } else {
                caveats.add("burst skipped: no typical rate (the baseline held the SLO at no rate tried)");
            }
        }
        QualityComparison quality = null;
        if (plan.quality() != null) {
            quality = quality(plan.quality());
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
        return new AcceptResult(plan, out, capacity, loads, burst, comparison, caveats, quality, outcome);
    }

    /** The same eval set on both sides, greedy, then compared item by item (docs/quality.md). */
    private QualityComparison quality(QualityStep step)
            throws RunService.SetupException, IOException {
        QualityPlan qp;
        QualityCriterion criterion;
        try {
            qp = QualityPlan.of(EvalSet.load(step.eval(), step.seed(), step.items()))
                    .withConcurrency(step.concurrency()).withMaxTokens(step.maxTokens());
            criterion = QualityCriterion.maxDrop(step.maxDrop());
        } catch (IllegalArgumentException e) {
            throw new RunService.SetupException("quality: " + e.getMessage(), true, e);
        }
        Path[] dirs = new Path[2];
        AcceptPlan.Side[] sides = {plan.baseline(), plan.candidate()};
        String[] names = {ComparisonRun.BASELINE_DIR, ComparisonRun.CANDIDATE_DIR};
        for (int i = 0; i < 2; i++) {
            progress.accept("quality: " + step.eval() + " on the " + names[i]);
            dirs[i] = out.resolve("quality").resolve(names[i]);
            try {
                QualityRun.run(SideRunner.endpoint(sides[i]), qp, dirs[i]);
            } catch (Preflight.Failure f) {
                throw new RunService.SetupException(f.getMessage(), false, f);
            }
        }
        QualityComparison q =
                QualityComparison.compare(dirs[0], dirs[1], criterion);
        q.write(out.resolve("quality").resolve(QualityComparison.FILE));
        return q;
    }

    private void matrix(double baselineCapacity) throws RunService.SetupException, IOException {
        int total = plan.conditions().size() * plan.repeats() * 2;
        int done = 0;
        for (var workload : plan.workloads()) {
            for (PrefixMode prefix : plan.prefixes()) {
                for (LoadLevel level : plan.loads()) {
                    String condition = workload.label() + "/" + prefix.label() + "/" + level.name();
                    for (int k = 1; k <= plan.repeats(); k++) {
                        repeat(workload, prefix, level, k, baselineCapacity, done, total);
                        done += 2;
                    }
                }
            }
        }
    }

    /** Repeat {@code k} of {@code condition} on both sides: for {@code --until-decided}'s added repeats. */
    private void repeat(String condition, int k, double baselineCapacity) throws RunService.SetupException, IOException {
        for (var workload : plan.workloads()) {
            for (PrefixMode prefix : plan.prefixes()) {
                for (LoadLevel level : plan.loads()) {
                    if (condition.equals(workload.label() + "/" + prefix.label() + "/" + level.name())) {
                        repeat(workload, prefix, level, k, baselineCapacity, -1, 0);
                        return;
                    }
                }
            }
        }
        throw new IllegalArgumentException("no condition " + condition + " in the plan");
    }

    /**
     * Repeat {@code k} of one condition on both sides, interleaved: the baseline first on odd repeats, the candidate
     * first on even ones. The progress lines count from {@code done} of {@code total} runs ({@code [added]} when
     * {@code done} is negative).
     */
    private void repeat(MatrixWorkload workload, PrefixMode prefix, LoadLevel level, int k, double baselineCapacity,
            int done, int total) throws RunService.SetupException, IOException {
        String condition = workload.label() + "/" + prefix.label() + "/" + level.name();
        boolean baselineFirst = k % 2 == 1;
        for (int i = 0; i < 2; i++) {
            boolean baseline = baselineFirst == (i == 0);
            String side = baseline ? ComparisonRun.BASELINE_DIR : ComparisonRun.CANDIDATE_DIR;
            String count = done < 0 ? "[added]" : String.format(Locale.ROOT, "[%d/%d]", done + i + 1, total);
            progress.accept(String.format(Locale.ROOT, "%s %s %s repeat %d", count, side, condition, k));
            Path dir = out.resolve(side).resolve(condition).resolve("r" + k);
            LoadModel load = load(workload, level, baselineCapacity, k);
            runner.run(baseline ? plan.baseline() : plan.candidate(), workload, prefix, load,
                    load.limits(runner.matrixLimits()), condition, dir);
        }
    }

    /**
     * The load model of a level; open-loop schedules differ per repeat but not per side. Agent sessions
     * (docs/acceptance.md, "Agent sessions"): a concurrency is the sessions in progress at once; a rate (or a
     * fraction of capacity) is the turn rate to offer, sessions arriving at rate / turns per second.
     */
    private LoadModel load(MatrixWorkload workload, LoadLevel level, double baselineCapacity, int repeat) {
        double rate = level.ratePerSecond() > 0 ? level.ratePerSecond() : level.capacityFraction() * baselineCapacity;
        if (workload instanceof MatrixWorkload.Trace trace) {
            return runner.traces().load(trace.trace(), level, rate);
        }
        if (workload instanceof MatrixWorkload.Agent agent) {
            SessionStarts starts = level.concurrency() > 0 ? new SessionStarts.Concurrent(level.concurrency())
                    : SessionStarts.Arrivals.atRequestRate(ArrivalKind.POISSON, rate, agent.turns(), 1, plan.seed() + repeat);
            return agent.load(plan.requests(), plan.warmupRequests(), starts);
        }
        if (level.concurrency() > 0) {
            return new ClosedLoop(level.concurrency(), Duration.ZERO);
        }
        return new OpenLoop(ArrivalSchedule.of(ArrivalKind.POISSON, rate, 1, plan.seed() + repeat), 0);
    }

    /** What the reader must know about the agent rows: a run too short to keep a level's sessions in progress. */
    private static List<String> agentCaveats(AcceptPlan plan) {
        MatrixWorkload.Agent agent = plan.agent();
        List<String> out = new ArrayList<>();
        if (agent == null) {
            return out;
        }
        int sessions = agent.sessionsFor(plan.requests());
        for (LoadLevel l : plan.loads()) {
            if (l.concurrency() > sessions) {
                out.add(String.format(Locale.ROOT, "agent at load %s: %d sessions per run (requests %d / %d turns) cannot"
                        + " keep %d in progress; raise requests to at least %d", l.name(), sessions, plan.requests(),
                        agent.turns(), l.concurrency(), l.concurrency() * agent.turns()));
            }
        }
        return out;
    }

    private static String describe(LoadLevel l, double baselineCapacity) {
        if (l.concurrency() > 0) {
            return "concurrency " + l.concurrency();
        }
        if (l.ratePerSecond() > 0) {
            return String.format(Locale.ROOT, "rate %.3g/s", l.ratePerSecond());
        }
        return String.format(Locale.ROOT, "rate %.3g/s (%.0f%% of the baseline's capacity)",
                l.capacityFraction() * baselineCapacity, l.capacityFraction() * 100);
    }

    private AcceptResult.BurstRun burst(String sideName, Side side, double baseRate)
            throws RunService.SetupException, IOException {
        AcceptPlan.Burst b = plan.burst();
        double peak = baseRate * b.multiplier();
        progress.accept(String.format(Locale.ROOT, "burst %s: %.3g -> %.3g -> %.3g req/s", sideName, baseRate, peak, baseRate));
        PiecewiseSchedule schedule = new PiecewiseSchedule(List.of(
                new PiecewiseSchedule.Segment(b.before(), baseRate, ArrivalKind.POISSON),
                new PiecewiseSchedule.Segment(b.during(), peak, ArrivalKind.POISSON),
                new PiecewiseSchedule.Segment(b.after(), baseRate, ArrivalKind.POISSON)), plan.seed());
        Duration total = b.before().plus(b.during()).plus(b.after());
        List<RequestRecord> records = runner.run(side, b.workload(), PrefixMode.FRESH, new OpenLoop(schedule, 0),
                runner.timedLimits(total, null), "burst", out.resolve("burst").resolve(sideName));
        long stepStart = b.before().toNanos();
        BurstPhases phases = BurstPhases.of(records, stepStart, stepStart + b.during().toNanos(), baseRate, peak, plan.slo());
        return new AcceptResult.BurstRun(baseRate, peak, BurstTimeline.of(records), phases.waits(), phases.failures());
    }
}
