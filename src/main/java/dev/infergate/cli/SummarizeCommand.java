package dev.infergate.cli;

import dev.infergate.analysis.Summarizer;
import dev.infergate.analysis.Summary;
import dev.infergate.record.RunLog;
import dev.infergate.report.CapacityReport;
import dev.infergate.report.ConsoleSummary;
import dev.infergate.report.TerminalText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code infergate summarize DIR}: rebuilds summary.json from requests.jsonl alone, e.g. after a crash. */
@Command(name = "summarize", header = "Rebuilds a run's summary from its per-request log.", mixinStandardHelpOptions = true,
        description = "Rebuilds summary.json of a run directory from its run.json and requests.jsonl alone "
                + "(for example after a crash or a kill), and prints the summary table. A run that ended early "
                + "(killed, interrupted, or its log could not be written) is marked partial; a torn last line, "
                + "which a kill leaves, is skipped with a warning; any other unreadable line is refused, by number.")
public final class SummarizeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR", description = "The run directory (the --out of 'infergate run'), or another tool's result file (docs/coming-from.md).")
    Path dir;

    @Override
    public Integer call() {
        if (!Files.isDirectory(dir) && !ImportedPaths.anyForeign(java.util.List.of(dir))) {
            throw UserError.usage(dir + " is not a directory; pass the --out directory of a run");
        }
        if (Files.isDirectory(this.dir) && !Files.exists(this.dir.resolve(dev.infergate.record.RunLog.RUN_FILE)) && Files.exists(this.dir.resolve(CapacityReport.FILE))) {
            return capacity();
        }
        if (Files.isDirectory(this.dir) && !Files.exists(this.dir.resolve(dev.infergate.record.RunLog.RUN_FILE))
                && Files.exists(this.dir.resolve(dev.infergate.analysis.sweep.SweepDocument.FILE))) {
            return sweep();
        }
        Path dir = ImportedPaths.resolveRequests(this.dir); // another tool's result file: summarised from its imported copy
        Summary summary;
        try {
            summary = Summarizer.write(dir);
        } catch (IllegalArgumentException e) { // a log or run.json it cannot read in full: the message names the line
            throw new UserError(ExitCode.CANNOT_RUN, e.getMessage(), e);
        } catch (UncheckedIOException e) {
            // "disk full at DIR/summary.json" (the old summary.json is left as it was), or a log that is not
            // text at all (binary junk, a torn multi-byte character) failing while it is read
            Throwable cause = e.getCause();
            throw UserError.cannotRun(cause instanceof java.nio.charset.CharacterCodingException
                    ? "cannot read the run log in " + dir + ": it is not UTF-8 text; it is not a log infergate wrote whole"
                    : e.getMessage(), e);
        }
        Long tornLine = summary.run().tornLastLine();
        if (tornLine != null) {
            spec.commandLine().getErr().println("infergate: warning: " + dir.resolve(RunLog.REQUESTS_FILE) + " line "
                    + tornLine + " is torn (the run was killed while writing it) and was skipped; "
                    + "the summary is marked partial");
            spec.commandLine().getErr().flush();
        }
        spec.commandLine().getOut().print(TerminalText.sanitizeLines(ConsoleSummary.render(summary)));
        spec.commandLine().getOut().println("summary: " + dir.resolve("summary.json"));
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }

    /** A sweep folder: its sweep.json's table printed again; each level's runs stay summarisable one by one. */
    private int sweep() {
        Path file = dir.resolve(dev.infergate.analysis.sweep.SweepDocument.FILE);
        try {
            spec.commandLine().getOut().print(TerminalText.sanitizeLines(
                    dev.infergate.report.SweepReport.console(dev.infergate.analysis.sweep.SweepDocument.read(dir))));
        } catch (IOException e) {
            throw UserError.cannotRun("cannot read " + file + ": " + e.getMessage(), e);
        }
        spec.commandLine().getOut().println("sweep: " + file);
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }

    /** A capacity (or accept) folder: its capacity.json printed again; the probes' own runs stay summarisable one by one. */
    private int capacity() {
        try {
            spec.commandLine().getOut().print(CapacityReport.console(CapacityReport.read(dir)));
        } catch (IOException e) {
            throw UserError.cannotRun("cannot read " + dir.resolve(CapacityReport.FILE) + ": " + e.getMessage(), e);
        }
        spec.commandLine().getOut().println("capacity: " + dir.resolve(CapacityReport.FILE));
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }
}
