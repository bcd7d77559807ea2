package dev.infergate.cli;

import dev.infergate.report.html.HtmlReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code infergate report DIR... [--out DIR | -o report.html]}: the self-contained HTML report of one or more runs. */
@Command(name = "report", header = "The HTML report of runs, comparisons and acceptances.", mixinStandardHelpOptions = true,
        description = "Writes one self-contained HTML file (works offline) from run directories alone: headline, "
                + "latency distributions, figures over time, streaming timelines, environment, and the acceptance "
                + "matrix, capacity curves and server metrics when those files are present. Two directories are "
                + "overlaid as baseline (first) and candidate (second).")
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR", arity = "1..*",
            description = "Run directories (the --out of 'infergate run'), an acceptance directory holding acceptance.json, or "
                    + "another tool's result file (vLLM --save-detailed JSON, AIPerf profile_export.jsonl, guidellm "
                    + "benchmarks.json; docs/coming-from.md).")
    List<Path> dirs;

    @Option(names = "--out", paramLabel = "DIR",
            description = "The directory to write report.html into, as every command's --out names a directory (created "
                    + "when missing). Default: DIR for one directory, results/report-<date>-<time> for several. A path ending in "
                    + ".html is still written as that file, with a note (deprecated: use -o).")
    Path out;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "The report file itself, e.g. -o review.html (instead of --out).")
    Path output;

    @Override
    public Integer call() {
        boolean foreign = ImportedPaths.anyForeign(dirs);
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir) && !foreign) {
                throw UserError.usage(dir + " is not a directory; pass the --out directory of a run");
            }
        }
        if (out != null && output != null) {
            throw UserError.usage("give --out DIR (writes DIR/report.html) or -o FILE, not both");
        }
        Path target = Reports.fileIn(out, output, "report.html", ".html",
                // several runs belong to none of them: a folder of its own, as every command's default --out
                dirs.size() == 1 && !foreign ? dirs.get(0).resolve("report.html")
                        : Reports.created(Reports.outDir(null, "report")).resolve("report.html"),
                spec.commandLine().getErr());
        List<Path> dirs = ImportedPaths.resolve(this.dirs); // another tool's result file is read into a run directory
        try {
            HtmlReport.write(dirs, target);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        } catch (IOException e) {
            throw UserError.cannotRun("cannot write " + target + ": " + e.getMessage(), e);
        }
        spec.commandLine().getOut().println("report: " + target);
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }
}
