package dev.infergate.accept;

import dev.infergate.accept.AcceptPlan.Side;
import dev.infergate.analysis.burst.BurstPhases;
import dev.infergate.analysis.burst.BurstTimeline;
import dev.infergate.load.ArrivalKind;
import dev.infergate.load.OpenLoop;
import dev.infergate.load.PiecewiseSchedule;
import dev.infergate.record.RequestRecord;
import dev.infergate.run.RunService;
import dev.infergate.workload.PrefixMode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The burst scenario of an acceptance: a typical rate, a step to a multiple of it, and back, open loop, on one
 * side; the longest waits before, during and after the step.
 */
final class BurstScenario {
    private final AcceptPlan plan;
    private final Path out;
    private final Consumer<String> progress;
    private final SideRunner runner;

    BurstScenario(AcceptPlan plan, Path out, Consumer<String> progress, SideRunner runner) {
        this.plan = plan;
        this.out = out;
        this.progress = progress;
        this.runner = runner;
    }

    /** {@code side}'s burst run at {@code baseRate} (req/s), written to {@code out/burst/SIDE/}. */
    AcceptResult.BurstRun run(String sideName, Side side, double baseRate)
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
