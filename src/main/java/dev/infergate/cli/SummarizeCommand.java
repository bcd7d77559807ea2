package dev.infergate.cli;

import dev.infergate.analysis.Summarizer;
import dev.infergate.report.ConsoleSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code infergate summarize DIR}: rebuilds summary.json from requests.jsonl alone, e.g. after a crash. */
@Command(name = "summarize", mixinStandardHelpOptions = true,
        description = "Rebuilds summary.json of a run directory from its run.json and requests.jsonl alone "
                + "(for example after a crash or a kill), and prints the summary table.")
public final class SummarizeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR", description = "The run directory (the --out of 'infergate run').")
    Path dir;

    @Override
    public Integer call() {
        if (!Files.isDirectory(dir)) {
            throw UserError.usage(dir + " is not a directory; pass the --out directory of a run");
        }
        Map<String, Object> summary;
        try {
            summary = Summarizer.write(dir);
        } catch (IllegalArgumentException e) {
            throw new UserError(ExitCode.CANNOT_RUN, e.getMessage(), e);
        } catch (java.io.UncheckedIOException e) {
            // a log that is not text at all (binary junk, a torn multi-byte character) fails while being read
            Throwable cause = e.getCause();
            throw UserError.cannotRun("cannot read the run log in " + dir + ": " + (cause instanceof java.nio.charset.CharacterCodingException
                    ? "it is not UTF-8 text" : cause.getMessage()) + "; it is not a log infergate wrote whole", e);
        }
        spec.commandLine().getOut().print(dev.infergate.report.TerminalText.sanitizeLines(ConsoleSummary.render(summary)));
        spec.commandLine().getOut().println("summary: " + dir.resolve("summary.json"));
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }
}
