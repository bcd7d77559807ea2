package dev.infergate.accept;

import dev.infergate.accept.AcceptPlan.LoadLevel;
import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.load.ArrivalKind;
import dev.infergate.load.ArrivalSchedule;
import dev.infergate.load.ClosedLoop;
import dev.infergate.load.LoadModel;
import dev.infergate.load.OpenLoop;
import dev.infergate.load.SessionStarts;
import dev.infergate.run.RunService;
import dev.infergate.workload.PrefixMode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The matrix step of an acceptance (docs/acceptance.md, "What runs, in order"): every condition's repeats on both
 * sides, interleaved (the baseline first on odd repeats, the candidate first on even ones, so drift hits both
 * alike), each run written to {@code out/SIDE/WORKLOAD/PREFIX/LOAD/rK/}; and the repeats {@code --until-decided} adds.
 */
final class MatrixRuns {
    private final AcceptPlan plan;
    private final Path out;
    private final Consumer<String> progress;
    private final SideRunner runner;

    MatrixRuns(AcceptPlan plan, Path out, Consumer<String> progress, SideRunner runner) {
        this.plan = plan;
        this.out = out;
        this.progress = progress;
        this.runner = runner;
    }

    /** Every condition and repeat of the plan, both sides interleaved. */
    void run(double baselineCapacity) throws RunService.SetupException, IOException {
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
    void repeat(String condition, int k, double baselineCapacity) throws RunService.SetupException, IOException {
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
    static List<String> agentCaveats(AcceptPlan plan) {
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

    /** The load of a level as run: {@code concurrency 8}, {@code rate 12.5/s (90% of the baseline's capacity)}. */
    static String describe(LoadLevel l, double baselineCapacity) {
        if (l.concurrency() > 0) {
            return "concurrency " + l.concurrency();
        }
        if (l.ratePerSecond() > 0) {
            return String.format(Locale.ROOT, "rate %.3g/s", l.ratePerSecond());
        }
        return String.format(Locale.ROOT, "rate %.3g/s (%.0f%% of the baseline's capacity)",
                l.capacityFraction() * baselineCapacity, l.capacityFraction() * 100);
    }
}
