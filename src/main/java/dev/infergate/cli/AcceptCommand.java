package dev.infergate.cli;

import dev.infergate.accept.AcceptPlan;
import dev.infergate.accept.AcceptResult;
import dev.infergate.accept.Acceptance;
import dev.infergate.accept.PlanReader;
import dev.infergate.analysis.Summarizer;
import dev.infergate.record.AtomicFiles;
import dev.infergate.report.AcceptanceReport;
import dev.infergate.report.TerminalText;
import dev.infergate.run.RunService;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code infergate accept PLAN.yaml}: decides whether a candidate endpoint may replace the baseline. */
@Command(name = "accept", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs an acceptance plan (docs/acceptance.md): capacity at the SLO on both sides, a matrix of work "
                + "shapes x prefixes x loads with interleaved repeats, a burst, then judges the criteria set in the plan. "
                + "Writes OUT/acceptance.json and OUT/acceptance.md, and every run under OUT/baseline and OUT/candidate.",
                "Exit code: 0 accepted, 1 rejected, 4 inconclusive."})
public final class AcceptCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PLAN.yaml", description = "The plan: at least 'baseline: URL' and 'candidate: URL'.")
    Path planFile;

    @Mixin
    OutputOptions out = new OutputOptions();

    @Override
    public Integer call() throws IOException {
        AcceptPlan plan = read(planFile);
        Path dir = Reports.created(out.dir());
        PrintWriter err = spec.commandLine().getErr();
        AcceptResult result;
        try {
            result = Acceptance.run(plan, dir, line -> {
                err.println("infergate: " + TerminalText.sanitize(line));
                err.flush();
            });
        } catch (RunService.SetupException e) {
            throw new UserError(e.usage() ? ExitCode.USAGE : ExitCode.CANNOT_RUN, e.getMessage(), e);
        }
        write(result, dir);
        PrintWriter o = spec.commandLine().getOut();
        o.print(TerminalText.sanitizeLines(AcceptanceReport.console(result)));
        o.println("results: " + dir.resolve("acceptance.md") + ", " + dir.resolve("acceptance.json"));
        Reports.html(java.util.List.of(dir), dir.resolve("report.html"), o, err);
        return CompareCommand.exitCode(result.verdict()).code();
    }

    static AcceptPlan read(Path file) {
        try {
            return PlanReader.read(file.toString(), Files.readString(file));
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

    static void write(AcceptResult result, Path dir) throws IOException {
        Files.createDirectories(dir);
        AtomicFiles.writeJson(Summarizer.JSON, dir.resolve("acceptance.json"), AcceptanceReport.toMap(result));
        AtomicFiles.writeString(dir.resolve("acceptance.md"), AcceptanceReport.markdown(result));
    }
}
