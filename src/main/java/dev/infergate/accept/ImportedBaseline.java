package dev.infergate.accept;

import dev.infergate.accept.AcceptPlan.LoadLevel;
import dev.infergate.analysis.compare.AggregateBaseline;
import dev.infergate.analysis.compare.Bootstrap;
import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.config.YamlNode;
import dev.infergate.load.ArrivalKind;
import dev.infergate.load.ArrivalSchedule;
import dev.infergate.load.ClosedLoop;
import dev.infergate.load.LoadModel;
import dev.infergate.load.OpenLoop;
import dev.infergate.record.AtomicFiles;
import dev.infergate.record.RunDocument;
import dev.infergate.record.RunLog;
import dev.infergate.run.RunService;
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
 * An acceptance whose baseline is not measured: its figures come from a file ({@code accept --baseline-import},
 * plan {@code baseline: {import: FILE}}), a peer tool's result or an earlier infergate run, and only the candidate
 * runs (docs/acceptance.md, "A fixed, imported baseline"). What an import cannot have is skipped and said so: the
 * capacity search, the burst, the quality step, interleaving and paired statistics; a criterion on a figure the
 * import lacks is inconclusive with the reason ({@link ImportedReasons}); plan conditions the import does not
 * cover are listed as not compared ({@link ImportCoverage}). The import's runs are copied into
 * {@code OUT/baseline/CONDITION/rK} with the {@code imported} block in their run.json, so {@code compare OUT} and
 * {@code report OUT} read the result as they read any other.
 */
final class ImportedBaseline {
    private final AcceptPlan plan;
    private final Path out;
    private final Consumer<String> progress;
    private final BaselineSource source;
    private final ImportCoverage coverage;

    private ImportedBaseline(AcceptPlan plan, Path out, Consumer<String> progress, BaselineSource source,
            ImportCoverage coverage) {
        this.plan = plan;
        this.out = out;
        this.progress = progress;
        this.source = source;
        this.coverage = coverage;
    }

    /** The baseline side of a plan whose baseline entry says {@code import: FILE} (and perhaps {@code labels:}). */
    static AcceptPlan.Side side(YamlNode n) {
        Map<String, String> labels = new LinkedHashMap<>();
        if (n.get("labels") != null) {
            n.get("labels").fields().forEach((k, v) -> labels.put(k, v.text()));
        }
        Path file = n.get("import").as(t -> Path.of(t.trim()));
        return new AcceptPlan.Side(null, null, "chat", labels, null, file);
    }

    /**
     * Runs {@code plan}'s candidate against the baseline imported from {@code plan.baseline().importFile()}.
     *
     * @throws RunService.SetupException (usage) when the file cannot be imported or stands for no plan condition
     */
    static AcceptResult run(AcceptPlan plan, Path out, Consumer<String> progress, UntilDecided.Settings untilDecided)
            throws RunService.SetupException, IOException {
        if (untilDecided != null) {
            throw new RunService.SetupException("--until-decided adds interleaved repeats to both sides, and an imported"
                    + " baseline cannot run more; drop --until-decided or raise the plan's repeats", true, null);
        }
        Consumer<String> p = progress == null ? s -> { } : progress;
        try {
            BaselineSource source = BaselineSource.read(plan.baseline().importFile());
            return new ImportedBaseline(plan, out, p, source, ImportCoverage.of(plan, source)).execute();
        } catch (IllegalArgumentException e) {
            throw new RunService.SetupException(e.getMessage(), true, e);
        }
    }

    private AcceptResult execute() throws RunService.SetupException, IOException {
        p("baseline " + source.imported().describe() + ": not measured; only the candidate runs");
        for (ImportCoverage.Covered c : coverage.covered()) {
            install(c);
        }
        candidate();
        progress.accept("comparing the imported baseline and the candidate");
        ComparisonRun comparison = ImportedReasons.explain(ComparisonRun.of(out.resolve(ComparisonRun.BASELINE_DIR),
                out.resolve(ComparisonRun.CANDIDATE_DIR), plan.criteria(), new Bootstrap(plan.seed()),
                plan.runToRunAllowance()), source, skipped());
        List<String> caveats = new ArrayList<>();
        caveats.addAll(comparison.environment().warnings().stream().filter(w -> w.startsWith("WARNING")).toList());
        caveats.addAll(comparison.notes());
        return new AcceptResult(plan, out, Map.of(), loads(), Map.of(), comparison, caveats, null);
    }

    private void p(String line) {
        progress.accept(line);
    }

    /** Copies the import's runs of {@code c.source()} to {@code OUT/baseline/CONDITION/rK}, marked imported. */
    private void install(ImportCoverage.Covered c) throws IOException {
        List<Path> runs = source.conditions().get(c.source());
        for (int k = 1; k <= runs.size(); k++) {
            Path from = runs.get(k - 1);
            Path to = Files.createDirectories(out.resolve(ComparisonRun.BASELINE_DIR).resolve(c.condition()).resolve("r" + k));
            RunDocument run = RunDocument.read(from).withImported(source.imported()); // other keys kept as they are
            if (!c.source().equals(c.condition()) || !run.document().containsKey(RunDocument.CONDITION)) {
                run = run.withCondition(c.condition()); // records that carry no condition of their own belong to this one
            }
            Map<String, Object> labels = new LinkedHashMap<>(); // JSON edge: the file's label values, as it has them
            if (run.document().get(RunDocument.LABELS) instanceof Map<?, ?> m) {
                m.forEach((key, v) -> labels.put(String.valueOf(key), v));
            }
            labels.putAll(plan.baseline().labels()); // the plan's words for the baseline win
            run = run.withLabels(labels);
            String kept = Files.isRegularFile(from.resolve(AggregateBaseline.FILE)) ? AggregateBaseline.FILE
                    : RunLog.REQUESTS_FILE; // an aggregate-only import has figures, not requests
            AtomicFiles.write(to.resolve(kept), o -> Files.copy(from.resolve(kept), o));
            run.write(to); // last: marks the copy complete
        }
    }

    /** The candidate's repeats of every covered condition, one after another (nothing to interleave with). */
    private void candidate() throws RunService.SetupException, IOException {
        SideRunner runner = new SideRunner(plan);
        runner.watchWith(StepProgress.runsOf(progress));
        int total = coverage.covered().size() * plan.repeats();
        int done = 0;
        for (ImportCoverage.Covered c : coverage.covered()) {
            for (int k = 1; k <= plan.repeats(); k++) {
                p(String.format(Locale.ROOT, "[%d/%d] candidate %s repeat %d", ++done, total, c.condition(), k));
                LoadModel load = load(c.level(), k);
                runner.run(plan.candidate(), c.workload(), c.prefix(), load, load.limits(runner.matrixLimits()),
                        c.condition(), out.resolve(ComparisonRun.CANDIDATE_DIR).resolve(c.condition()).resolve("r" + k));
            }
        }
    }

    /** As the matrix's load for independent requests: the same schedules (per repeat) a measured baseline would get. */
    private LoadModel load(LoadLevel level, int repeat) {
        if (level.concurrency() > 0) {
            return new ClosedLoop(level.concurrency(), Duration.ZERO);
        }
        return new OpenLoop(ArrivalSchedule.of(ArrivalKind.POISSON, level.ratePerSecond(), 1, plan.seed() + repeat), 0);
    }

    private Map<String, String> loads() {
        Map<String, String> loads = new LinkedHashMap<>();
        for (LoadLevel l : plan.loads()) {
            loads.put(l.name(), l.concurrency() > 0 ? "concurrency " + l.concurrency()
                    : l.ratePerSecond() > 0 ? String.format(Locale.ROOT, "rate %.3g/s", l.ratePerSecond())
                    : String.format(Locale.ROOT, "not run: %.0f%% of the baseline's capacity, and an imported baseline"
                    + " has no capacity search", l.capacityFraction() * 100));
        }
        return loads;
    }

    /** What was skipped and not compared: the first notes of the comparison, so the console says it too. */
    private List<String> skipped() {
        List<String> out = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        if (plan.capacity() != null) {
            skipped.add("the capacity search");
        }
        if (plan.burst() != null) {
            skipped.add("the burst");
        }
        if (plan.quality() != null) {
            skipped.add("the quality step (it asks both endpoints the same items)");
        }
        skipped.add("interleaved repeats and paired statistics (the baseline's requests ran at another time, on their own)");
        out.add("the baseline was not measured (" + source.imported().describe() + "), so these were skipped: "
                + String.join(", ", skipped));
        coverage.notCompared().forEach((condition, reason) -> out.add("not compared: " + condition + " (" + reason + ")"));
        return out;
    }
}
