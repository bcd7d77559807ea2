package dev.infergate.accept;

import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.analysis.sweep.LevelCount;
import dev.infergate.analysis.sweep.SweepAnalysis;
import dev.infergate.analysis.sweep.SweepDocument;
import dev.infergate.analysis.sweep.SweepErrorRule;
import dev.infergate.analysis.sweep.SweepLevels;
import dev.infergate.client.Endpoint;
import dev.infergate.load.ArrivalKind;
import dev.infergate.load.ArrivalSchedule;
import dev.infergate.load.ClosedLoop;
import dev.infergate.load.LoadModel;
import dev.infergate.load.OpenLoop;
import dev.infergate.load.RunLimits;
import dev.infergate.run.RunService;
import dev.infergate.workload.PrefixMode;
import dev.infergate.workload.Preset;
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
 * {@code infergate sweep} (docs/workloads.md, "Load sweeps"): one work shape at a list of loads, on one endpoint or on a
 * baseline and a candidate. Each level's repeats run both sides interleaved (which side goes first alternates from run
 * to run, as {@link MatrixRuns} does, so drift hits both alike), with the same seed and the same prompts on both sides
 * ({@link SideRunner#promptSalt}: the level's name and the repeat), each a normal run directory:
 *
 * <pre>
 * SIDE/LEVEL/rK/    e.g. baseline/concurrency-16/r1 (a run: run.json, requests.jsonl, summary.json)
 * sweep.json        every level's figures, and with two sides its changes (rewritten after every level)
 * </pre>
 *
 * With {@code --levels auto} the level doubles until it broke the SLO on every side ({@code target} attainment, failures
 * counted as misses) or {@link SweepLevels#maxLevels()} were run. This is the capacity search's ramp
 * ({@code CapacitySearch}: double until a probe misses the target), taken as a rule rather than as that class: a
 * capacity search is one side's, goes on to refine its crossing and probes rates only, while a sweep's levels must be the
 * same on both sides (to compare them) and may be concurrencies.
 */
public final class SweepRuns {
    /**
     * What to sweep.
     *
     * @param levels   the levels (a list, or auto from a start)
     * @param preset   the work shape
     * @param prefix   fresh or shared prompts
     * @param requests measured requests per level, side and repeat
     * @param warmup   warm-up requests before each run (recorded, excluded)
     * @param repeats  independent runs per level and side
     * @param analysis how the figures are made (sides, GPUs, SLO target, the error rule, the seed)
     */
    public record Settings(SweepLevels levels, Preset preset, PrefixMode prefix, LevelCount requests, LevelCount warmup,
            int repeats, SweepAnalysis analysis) {
        public Settings {
            if (repeats < 1) {
                throw new IllegalArgumentException("repeats (" + repeats + ") must be >= 1");
            }
        }
    }

    private final AcceptPlan plan;
    private final Settings settings;
    private final SideRunner runner;
    private final Path out;
    private final Consumer<String> progress;

    private SweepRuns(AcceptPlan plan, Settings settings, SideRunner runner, Path out, Consumer<String> progress) {
        this.plan = plan;
        this.settings = settings;
        this.runner = runner;
        this.out = out;
        this.progress = progress == null ? s -> { } : progress;
    }

    /**
     * Runs the sweep into {@code out} (which must not hold an earlier sweep) and returns its document, also written as
     * {@code out/sweep.json} after every level.
     *
     * @param plan      seed, SLO, timeouts, drain time, tokenizer; its baseline (and candidate, with two sides)
     * @param endpoints the endpoint each side is reached at (the command line's options)
     * @throws RunService.SetupException when an endpoint cannot be used
     */
    public static SweepDocument run(AcceptPlan plan, Settings settings, Map<AcceptPlan.Side, Endpoint> endpoints,
            String apiKeyEnv, boolean apiKeySet, Path out, Consumer<String> progress) throws RunService.SetupException, IOException {
        if (Files.exists(out.resolve(SweepDocument.FILE))) {
            throw new RunService.SetupException(out + " already holds a sweep; pass another --out", true, null);
        }
        SideRunner runner = new SideRunner(plan);
        runner.reachAt(endpoints, apiKeyEnv, apiKeySet);
        runner.watchWith(StepProgress.runsOf(progress)); // each level's runs in the live view, where there is one
        return new SweepRuns(plan, settings, runner, out, progress).execute();
    }

    /**
     * A plan's {@code sweep:} step inside {@code accept}: both sides, reached by the accept run's {@code runner}, into
     * {@code out} ({@code ACCEPT_OUT/sweep}); the same levels, interleaving, prompts and error rule as the command.
     */
    static SweepDocument step(AcceptPlan plan, SweepStep step, SideRunner runner, Path out, Consumer<String> progress)
            throws RunService.SetupException, IOException {
        return new SweepRuns(plan, settings(plan, step), runner, out, progress).execute();
    }

    /**
     * A plan's sweep step analysed again from the runs under {@code dir} (a recorded {@code ACCEPT_OUT/sweep}): every
     * level of its list, as the step's last document says them. For a fixed list only: where auto stopped is known to the
     * run alone (read its sweep.json).
     */
    public static SweepDocument analyse(AcceptPlan plan, Path dir) {
        SweepStep step = plan.sweep();
        if (step == null || step.levels().auto()) {
            throw new IllegalArgumentException("the plan has no sweep step of listed levels to analyse again");
        }
        List<SweepLevels.Level> levels = new ArrayList<>();
        for (int i = 0; i < step.levels().planned(); i++) {
            levels.add(step.levels().level(i));
        }
        Settings settings = settings(plan, step);
        return settings.analysis().document(dir, step.levels().kind(), levels, new SweepRuns(plan, settings, null, dir, null)
                .lastStop(step.levels()));
    }

    /** The settings of a plan's step: the command's, with the plan's sides, SLO and seed. */
    static Settings settings(AcceptPlan plan, SweepStep step) {
        SweepAnalysis analysis = new SweepAnalysis(List.of(ComparisonRun.BASELINE_DIR, ComparisonRun.CANDIDATE_DIR),
                step.gpus() == 0 ? 1 : step.gpus(), step.gpus() == 0 ? "the default: gpus not given in the plan's sweep"
                        : "the plan's sweep.gpus", plan.slo().text(), step.target(),
                new SweepErrorRule(step.levels().planned(), SweepErrorRule.DEFAULT_FAMILY_ERROR), plan.seed(), step.levels().auto());
        return new Settings(step.levels(), step.preset(), step.prefix(), step.requests(), step.warmup(), step.repeats(), analysis);
    }

    private SweepDocument execute() throws RunService.SetupException, IOException {
        SweepLevels levels = settings.levels();
        List<String> sides = settings.analysis().sides();
        List<SweepLevels.Level> done = new ArrayList<>();
        SweepDocument doc = null;
        String stop = null;
        for (int i = 0; i < levels.planned() && stop == null; i++) {
            SweepLevels.Level level = levels.level(i);
            for (int k = 1; k <= settings.repeats(); k++) {
                boolean baselineFirst = (i + k) % 2 == 1; // alternates from run to run, as the matrix's repeats do
                for (int s = 0; s < sides.size(); s++) {
                    String side = sides.get(baselineFirst ? s : sides.size() - 1 - s);
                    runLevel(side, level, k, i, levels.planned());
                }
            }
            done.add(level);
            boolean last = i + 1 == levels.planned();
            doc = settings.analysis().document(out, levels.kind(), done, last ? lastStop(levels) : "stopped after " + level.label());
            if (levels.auto()) {
                SweepDocument.LevelResult r = doc.levels().isEmpty() ? null : doc.levels().get(doc.levels().size() - 1);
                if (r != null && r.sides().values().stream().noneMatch(SweepDocument.SideFigures::held)) {
                    stop = String.format(Locale.ROOT, "%s broke the SLO on every side (attainment below %.0f %%)%s", level.label(),
                            settings.analysis().target() * 100, r.late().isEmpty() ? ""
                                    : "; the client fell behind at this level too, so the break may be partly the client's");
                    doc = settings.analysis().document(out, levels.kind(), done, stop);
                }
            }
            doc.write(out);
        }
        return doc;
    }

    private String lastStop(SweepLevels levels) {
        return levels.auto() ? "reached --max-levels " + levels.maxLevels() + " with a side still holding the SLO"
                : "every level listed was run";
    }

    private void runLevel(String side, SweepLevels.Level level, int repeat, int index, int planned)
            throws RunService.SetupException, IOException {
        progress.accept(String.format(Locale.ROOT, "[level %d/%d%s] %s %s repeat %d", index + 1, planned,
                settings.levels().auto() ? " at most" : "", side, level.label(), repeat));
        Path dir = out.resolve(side).resolve(level.name()).resolve("r" + repeat);
        LoadModel load = level.concurrency() > 0 ? new ClosedLoop(level.concurrency(), Duration.ZERO)
                : new OpenLoop(ArrivalSchedule.of(ArrivalKind.POISSON, level.ratePerSecond(), 1, plan.seed() + repeat), 0);
        RunLimits limits = new RunLimits(settings.requests().at(level), null, settings.warmup().at(level), null,
                plan.drainTimeout());
        runner.run(side.equals(ComparisonRun.CANDIDATE_DIR) ? plan.candidate() : plan.baseline(),
                new MatrixWorkload.Requests(settings.preset()), settings.prefix(), load, load.limits(limits), level.name(), dir);
    }

    /** The endpoints of a one- or two-sided sweep, keyed by the plan's sides. */
    public static Map<AcceptPlan.Side, Endpoint> endpoints(AcceptPlan plan, Endpoint baseline, Endpoint candidate) {
        Map<AcceptPlan.Side, Endpoint> m = new LinkedHashMap<>();
        m.put(plan.baseline(), baseline);
        if (candidate != null) {
            m.put(plan.candidate(), candidate);
        }
        return m;
    }
}
