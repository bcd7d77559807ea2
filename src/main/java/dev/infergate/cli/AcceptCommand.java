package dev.infergate.cli;

import dev.infergate.accept.AcceptPlan;
import dev.infergate.accept.AcceptResult;
import dev.infergate.accept.Acceptance;
import dev.infergate.accept.AlphaSpending;
import dev.infergate.accept.MatrixEta;
import dev.infergate.accept.PlanReader;
import dev.infergate.accept.UntilDecided;
import dev.infergate.analysis.Summarizer;
import dev.infergate.config.Durations;
import dev.infergate.record.AtomicFiles;
import dev.infergate.report.AcceptanceReport;
import dev.infergate.report.CapacityReport;
import dev.infergate.report.TerminalText;
import dev.infergate.run.RunService;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code infergate accept PLAN.yaml}: decides whether a candidate endpoint may replace the baseline. */
@Command(name = "accept", header = "Runs an acceptance plan to a verdict per audience.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs an acceptance plan (docs/acceptance.md): capacity at the SLO on both sides, a matrix of work "
                + "shapes x prefixes x loads with interleaved repeats, a burst, then judges the criteria set in the plan. "
                + "Writes OUT/acceptance.json and OUT/acceptance.md, and every run under OUT/baseline and OUT/candidate.",
                "Exit code: 0 accepted, 1 rejected, 4 inconclusive."})
public final class AcceptCommand implements Callable<Integer> {
    @Option(names = "--no-progress", description = "Do not show each run's live view on a terminal (the step lines stay).")
    boolean noProgress;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PLAN.yaml", description = "The plan: at least 'baseline: URL' and 'candidate: URL'.")
    Path planFile;

    @Mixin
    OutputOptions out = new OutputOptions();

    @Option(names = "--until-decided", description = "After the plan's repeats, keep adding interleaved repeats to the "
            + "conditions with an undecided criterion and judge again, until every criterion is decided, --max-looks "
            + "looks were taken or the next look would not fit in --budget. Every look judges with intervals at 1 - 5 %% / "
            + "max-looks (Bonferroni), so the error rate stays 5 %% over all the looks; what stays undecided is printed "
            + "with an estimate of the time left (docs/acceptance.md, \"Until decided\").")
    boolean untilDecided;

    @Option(names = "--budget", paramLabel = "DURATION", defaultValue = "30m",
            description = "With --until-decided: the time the added looks may take (the plan's own runs not counted); "
                    + "a look that would not fit is not started. Default: ${DEFAULT-VALUE}.")
    java.time.Duration budget;

    @Option(names = "--max-looks", paramLabel = "N", defaultValue = "6",
            description = "With --until-decided: the most looks, the plan's own repeats being the first; declared "
                    + "before the first look, it sets every look's confidence. Default: ${DEFAULT-VALUE}.")
    int maxLooks;

    @Option(names = "--junit", paramLabel = "FILE",
            description = "Also write the verdict as JUnit XML (one test case per criterion and condition) for CI.")
    Path junit;

    @Option(names = "--baseline-import", paramLabel = "FILE",
            description = "Take the baseline's figures from FILE instead of measuring them: a vLLM --save-result "
                    + "JSON (per request with --save-detailed, else its aggregates), AIPerf's profile_export.jsonl or "
                    + "profile_export_aiperf.json, guidellm's benchmarks.json, or an infergate run directory or accept "
                    + "result; the plan then needs no baseline entry. Only the candidate runs; what an import cannot have (capacity "
                    + "search, burst, quality, interleaving, pairing) is skipped and said so (docs/acceptance.md, "
                    + "\"A fixed, imported baseline\"). Same as the plan's 'baseline: {import: FILE}'.")
    Path baselineImport;

    @Override
    public Integer call() throws IOException {
        AcceptPlan plan = read(planFile, baselineImport); // the flag is enough: the plan needs no baseline entry
        Path dir = Reports.created(out.dir());
        PrintWriter err = spec.commandLine().getErr();
        AcceptResult result;
        UnaryOperator<String> timeLeft = MatrixEta.timeLeft();
        try {
            result = Acceptance.run(plan, dir, LiveRuns.onStderr(err, "infergate: ",
                    line -> TerminalText.sanitize(timeLeft.apply(line)), !noProgress), sequential(plan));
        } catch (RunService.SetupException e) {
            throw new UserError(e.usage() ? ExitCode.USAGE : ExitCode.CANNOT_RUN, e.getMessage(), e);
        }
        write(result, dir);
        PrintWriter o = spec.commandLine().getOut();
        o.print(TerminalText.sanitizeLines(AcceptanceReport.console(result)));
        o.println("results: " + dir.resolve("acceptance.md") + ", " + dir.resolve("acceptance.json"));
        Reports.html(java.util.List.of(dir), dir.resolve("report.html"), o, err);
        if (junit != null) {
            o.println("junit: " + ExportCommand.junit(dir.resolve("acceptance.json"), junit));
        }
        return CompareCommand.exitCode(result.verdict()).code();
    }

    /** The --until-decided settings, or null without it; one interleaved repeat per side and look. */
    private UntilDecided.Settings sequential(AcceptPlan plan) {
        if (!untilDecided) {
            return null;
        }
        if (maxLooks < 2) {
            throw UserError.usage("--max-looks (" + maxLooks + ") must be >= 2: the plan's own repeats are the first look");
        }
        if (budget.isNegative() || budget.isZero()) {
            throw UserError.usage("--budget (" + Durations.format(budget) + ") must be > 0, e.g. 30m");
        }
        return new UntilDecided.Settings(budget, new AlphaSpending(0.05, maxLooks), 1);
    }

    static AcceptPlan read(Path file) {
        return read(file, null);
    }

    static AcceptPlan read(Path file, Path baselineImport) {
        try {
            return PlanReader.read(file.toString(), Files.readString(file), baselineImport);
        } catch (NoSuchFileException e) {
            throw UserError.usage(file + " does not exist; pass a plan file (a minimal one: 'baseline: URL' and 'candidate: URL')");
        } catch (java.nio.charset.CharacterCodingException e) {
            throw UserError.usage(file + " is not UTF-8 text; pass a YAML file");
        } catch (IOException e) {
            throw UserError.cannotRun("cannot read " + file + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    /** Each side's base URL for capacity.json, credentials redacted; an imported baseline has none. */
    static java.util.Map<String, String> endpoints(AcceptPlan plan) {
        java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
        if (plan.baseline().url() != null) {
            out.put("baseline", dev.infergate.record.UrlCredentials.redacted(plan.baseline().url()));
        }
        if (plan.candidate().url() != null) {
            out.put("candidate", dev.infergate.record.UrlCredentials.redacted(plan.candidate().url()));
        }
        return out;
    }

    static void write(AcceptResult result, Path dir) throws IOException {
        Files.createDirectories(dir);
        AtomicFiles.writeJson(Summarizer.JSON, dir.resolve("acceptance.json"), AcceptanceReport.document(result));
        AtomicFiles.writeString(dir.resolve("acceptance.md"), AcceptanceReport.markdown(result));
        if (!result.capacity().isEmpty()) {
            CapacityReport.write(dir, CapacityReport.document(result.capacity(), result.plan().capacity().target(), result.plan().slo(),
                    result.plan().capacity().workloadText(), endpoints(result.plan())));
        }
    }
}
