package dev.infergate.cli;

import dev.infergate.analysis.quality.QualityComparison;
import dev.infergate.analysis.quality.QualityCriterion;
import dev.infergate.report.QualityText;
import dev.infergate.report.TerminalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code infergate quality-compare BASE CAND}: the paired accuracy comparison and its verdict, exit 0/1/4. */
@Command(name = "quality-compare", header = "Accuracy of two quality runs compared, with an interval.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compares two 'infergate quality' result directories made with the same eval set: each accuracy, "
                + "the paired accuracy drop with a 95%% interval, McNemar's exact test, how often the outputs are identical, "
                + "and the verdict against --max-drop. Exit code 0: the drop is within the allowance; 1: it exceeds it "
                + "(reject the candidate whatever its speed); 4: too few items to tell."})
public final class QualityCompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASELINE", description = "The baseline's result directory.")
    Path baseline;

    @Parameters(index = "1", paramLabel = "CANDIDATE", description = "The candidate's result directory.")
    Path candidate;

    @Option(names = "--max-drop", defaultValue = "1%", paramLabel = "PCT", converter = ShareConverter.BelowOne.class,
            description = "The largest accuracy drop allowed, in percentage points (1%%) or as a fraction (0.01). Default: ${DEFAULT-VALUE}.")
    double maxDrop;

    @Option(names = "--out", paramLabel = "DIR",
            description = "The directory to write quality-comparison.json into, as every command's --out names a directory "
                    + "(created when missing). Default: CANDIDATE. A path ending in .json is still written as that file, "
                    + "with a note (deprecated: use -o).")
    Path out;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "The comparison file itself (instead of --out).")
    Path output;

    @Override
    public Integer call() {
        QualityComparison c;
        try {
            c = QualityComparison.compare(baseline, candidate, new QualityCriterion(maxDrop, QualityCriterion.DEFAULT_CONFIDENCE));
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        } catch (UncheckedIOException e) {
            throw UserError.cannotRun(e.getMessage(), e);
        }
        if (out != null && output != null) {
            throw UserError.usage("give --out DIR (writes DIR/" + QualityComparison.FILE + ") or -o FILE, not both");
        }
        Path file = Reports.fileIn(out, output, QualityComparison.FILE, ".json", candidate.resolve(QualityComparison.FILE),
                spec.commandLine().getErr());
        try {
            c.write(file);
        } catch (IOException e) {
            throw UserError.cannotRun("cannot write " + file + ": " + e.getMessage(), e);
        }
        PrintWriter o = spec.commandLine().getOut();
        o.print(TerminalText.sanitizeLines(QualityText.render(c)));
        o.println("comparison: " + file);
        o.flush();
        return switch (c.verdict()) {
            case PASS -> ExitCode.OK.code();
            case FAIL -> ExitCode.REJECTED.code();
            case INCONCLUSIVE -> ExitCode.INCONCLUSIVE.code();
        };
    }
}
