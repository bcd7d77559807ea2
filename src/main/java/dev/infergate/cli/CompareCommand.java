package dev.infergate.cli;

import dev.infergate.analysis.GpuSummary;
import dev.infergate.analysis.Summarizer;
import dev.infergate.analysis.audience.Audience;
import dev.infergate.analysis.audience.AudienceCriteria;
import dev.infergate.analysis.audience.AudienceJudge;
import dev.infergate.analysis.audience.AudienceVerdict;
import dev.infergate.analysis.audience.Audiences;
import dev.infergate.analysis.capacity.CapacityFile;
import dev.infergate.analysis.compare.Bootstrap;
import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.analysis.compare.Criteria;
import dev.infergate.analysis.compare.EmbeddingsCriteria;
import dev.infergate.analysis.compare.Verdict;
import dev.infergate.record.AtomicFiles;
import dev.infergate.report.AudienceJson;
import dev.infergate.report.ComparisonReport;
import dev.infergate.report.SweepReport;
import dev.infergate.report.TerminalText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code infergate compare BASE CAND}: judges a candidate against a baseline from their recorded runs. */
@Command(name = "compare", header = "A verdict between two runs, with intervals.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compares a candidate with a baseline from their recorded runs, condition by condition: each figure "
                + "with its delta and a bootstrap confidence interval, each criterion judged pass, fail or inconclusive "
                + "(with the samples that would settle it). Exit code: 0 accepted, 1 rejected, 4 inconclusive, 5 no verdict "
                + "because the two sides did not do the same work (loads, work shapes or sampling differ).",
                "BASE and CAND are run directories, directories of runs (one per repeat), or sides of an accept result; "
                + "with BASE alone it must be an accept result (holding baseline/ and candidate/).",
                "Capacity: BASE and CAND may be 'capacity' output folders (holding capacity.json): their requests/hour at the "
                + "SLO are compared, each re-fitted from its probes, the difference with its 95%% interval, each side's "
                + "longest wait there, judged by the criteria file's capacity.requests_per_hour (default: at most 5 %% "
                + "lower); two results of different --slo, --target or workload exit 5. An accept result's capacity.json "
                + "(both sides) judges its capacity criteria too.",
                "Either side may be another tool's result file, recognised by content: vLLM 'bench serve --save-result "
                + "--save-detailed' JSON, AIPerf profile_export.jsonl (or its artifact directory), guidellm benchmarks.json; "
                + "it is compared as a fixed side, unpaired, and criteria on figures it lacks are not judged "
                + "(docs/coming-from.md). As BASE only: a file of aggregates (vLLM --save-result without "
                + "--save-detailed, AIPerf profile_export_aiperf.json); the candidate's interval is judged against its "
                + "values, widened by the run-to-run allowance."})
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASE", description = "The baseline's runs, an accept result, or another tool's result file.")
    Path base;

    @Parameters(index = "1", arity = "0..1", paramLabel = "CAND", description = "The candidate's runs.")
    Path candidate;

    @Option(names = "--criteria", paramLabel = "FILE",
            description = "Acceptance criteria (YAML, e.g. 'ttft.p95: {max_regression: 10%%}'; a plan file works too). "
                    + "Default: ttft.p95, tpot.p95 and e2e.p99 at most 10 %% worse, output throughput at most 5 %% lower, "
                    + "errors at most 0.5 %%. The file may declare audiences ('audiences: {chat: {...}, batch: {...}}'): "
                    + "each is judged on its own criteria and named with its verdict; the worst decides the exit code.")
    Path criteriaFile;

    @Option(names = "--out", paramLabel = "DIR", description = "Write comparison.json and comparison.md here.")
    Path out;

    @Option(names = "--resamples", defaultValue = "2000", paramLabel = "N",
            description = "Bootstrap resamples. Default: ${DEFAULT-VALUE}.")
    int resamples;

    @Option(names = "--confidence", defaultValue = "0.95", paramLabel = "LEVEL",
            description = "Confidence level of the intervals. Default: ${DEFAULT-VALUE}.")
    double confidence;

    @Option(names = "--seed", defaultValue = "0", paramLabel = "N",
            description = "Seed of the bootstrap: the same seed and runs give the same intervals. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--allow-different-workloads",
            description = "Give a verdict even when baseline and candidate did not do the same work (their load, work "
                    + "shape or sampling settings differ; prompts salted per run and seeds do not count). Without it such "
                    + "a comparison prints how the sides differ and exits 5 with no verdict.")
    boolean allowDifferentWorkloads;

    @Option(names = "--run-to-run-allowance", paramLabel = "SHARE", defaultValue = "15%", converter = ShareConverter.BelowOne.class,
            description = "With fewer than 3 runs per side the interval cannot see how much another run would differ, "
                    + "so a relative criterion (max_regression, min_improvement) then passes or fails only when its "
                    + "delta's interval, widened by this (15%% = 15 percentage points of delta, added in quadrature to "
                    + "each half-width), clears the threshold. "
                    + "Conditions with 3 or more runs per side are judged on their interval alone. 0 turns it off. "
                    + "Default: ${DEFAULT-VALUE}.")
    double runToRunAllowance;

    @Override
    public Integer call() {
        if (CapacityComparison.applies(base, candidate)) { // capacity folders: their capacity.json is what is compared
            return CapacityComparison.run(base, candidate, criteriaFile == null ? null : audiences(true), out,
                    spec.commandLine().getOut());
        }
        Path basePath = base;
        Path candPath = candidate;
        if (candPath == null) {
            if (!ComparisonRun.isAcceptResult(base)) {
                throw UserError.usage(base + " is not an accept result (no baseline/ and candidate/); pass BASE and CAND");
            }
            basePath = base.resolve(ComparisonRun.BASELINE_DIR);
            candPath = base.resolve(ComparisonRun.CANDIDATE_DIR);
        }
        basePath = ImportedPaths.resolve(basePath); // another tool's result file is read into a run directory
        candPath = ImportedPaths.resolve(candPath);
        List<Audience> audiences = audiences(ComparedApi.generates(basePath));
        Bootstrap bootstrap;
        try {
            bootstrap = new Bootstrap(resamples, confidence, seed);
        } catch (IllegalArgumentException e) {
            throw UserError.usage("--resamples/--confidence: " + e.getMessage());
        }
        ComparisonRun run;
        try {
            run = ComparisonRun.of(basePath, candPath, Audiences.union(audiences), bootstrap, runToRunAllowance);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        String gpu = GpuSummary.compareNote(basePath, candPath);
        if (gpu != null) {
            java.util.List<String> notes = new java.util.ArrayList<>(run.notes());
            notes.add(gpu);
            run = new ComparisonRun(run.result(), run.environment(), notes);
        }
        if (!run.environment().sameWork() && !allowDifferentWorkloads) {
            return notTheSameWork(run);
        }
        // an accept result's capacity.json (both sides) lets its capacity criteria be judged too, re-fitted from its probes
        CapacityFile capacity = candidate == null ? CapacityComparison.bothSides(base) : null;
        List<AudienceVerdict> verdicts = capacity == null ? AudienceJudge.judge(audiences, run.result(), null, null)
                : AudienceJudge.judge(audiences, run.result(), capacity.sides().get(ComparisonRun.BASELINE_DIR).result(),
                        capacity.sides().get(ComparisonRun.CANDIDATE_DIR).result());
        spec.commandLine().getOut().print(TerminalText.sanitizeLines(ComparisonReport.console(run.result(), run.environment(), run.notes())));
        if (capacity != null) {
            spec.commandLine().getOut().print(TerminalText.sanitizeLines(CapacityComparison.console(capacity)));
        }
        if (audiences.size() > 1) {
            verdicts.forEach(a -> spec.commandLine().getOut().println(TerminalText.sanitize(a.line())));
        }
        if (candidate != null && ImportedPaths.sweeps(base, candidate)) { // each level's change, the error held across levels
            spec.commandLine().getOut().print(TerminalText.sanitizeLines(SweepReport.console(ImportedPaths.sweepPair(base, candidate))));
        }
        if (out != null) {
            write(run, verdicts);
            spec.commandLine().getOut().println("results: " + out.resolve("comparison.md") + ", " + out.resolve("comparison.json"));
        }
        spec.commandLine().getOut().flush();
        return exitCode(AudienceVerdict.worst(verdicts)).code();
    }

    /** Prints how the sides differ and that no verdict follows; exit code 5. */
    private Integer notTheSameWork(ComparisonRun run) {
        java.io.PrintWriter console = spec.commandLine().getOut();
        run.environment().warnings().stream().filter(w -> w.startsWith("WARNING")).forEach(console::println);
        console.println("VERDICT: none: baseline and candidate did not do the same work (above); compare runs of the same"
                + " load and work shape, or pass --allow-different-workloads to judge anyway");
        console.flush();
        return ExitCode.NOT_SAME_WORK.code();
    }

    /** 0 accepted, 1 rejected, 4 inconclusive. */
    static ExitCode exitCode(Verdict verdict) {
        return switch (verdict) {
            case PASS -> ExitCode.OK;
            case FAIL -> ExitCode.REJECTED;
            case INCONCLUSIVE -> ExitCode.INCONCLUSIVE;
        };
    }

    /** The --criteria file's audiences (one, {@code all}, unless it declares audiences:); the default criteria without it. */
    private List<Audience> audiences(boolean generates) {
        if (criteriaFile == null) { // embeddings have no token times: their default judges e2e, req/s, errors
            return List.of(Audience.all(generates ? Criteria.DEFAULT : EmbeddingsCriteria.DEFAULT));
        }
        try {
            return AudienceCriteria.parse(criteriaFile.toString(), Files.readString(criteriaFile));
        } catch (NoSuchFileException e) {
            throw UserError.usage("--criteria " + criteriaFile + " does not exist");
        } catch (java.nio.charset.CharacterCodingException e) {
            throw UserError.usage(criteriaFile + " is not UTF-8 text; pass a YAML file");
        } catch (IOException e) {
            throw UserError.cannotRun("cannot read --criteria " + criteriaFile + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    private void write(ComparisonRun run, List<AudienceVerdict> verdicts) {
        try {
            Files.createDirectories(out);
            AtomicFiles.writeJson(Summarizer.JSON, out.resolve("comparison.json"),
                    ComparisonReport.document(run.result(), run.environment(), run.notes()).withAudiences(AudienceJson.list(verdicts)));
            AtomicFiles.writeString(out.resolve("comparison.md"),
                    ComparisonReport.markdown(run.result(), run.environment(), run.notes()));
        } catch (IOException e) {
            throw UserError.cannotRun("cannot write to " + out + " (" + e + "); free space or pass another --out", e);
        }
    }
}
