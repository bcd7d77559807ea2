package dev.infergate.cli;

import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code --out DIR}: the result directory. Every command's {@code --out} names a directory. */
final class OutputOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = {"--out", "--result-dir", "--artifact-dir", "--output-dir"}, paramLabel = "DIR",
            description = "The result directory; it must not hold a result of the same kind. Default: "
                    + "results/<command>-<date>-<time>. --result-dir (vLLM), --artifact-dir (AIPerf) and --output-dir "
                    + "(guidellm) are the same option.")
    Path out;

    /** The directory given, or {@code results/<command>-<date>-<time>}. */
    Path dir() {
        return Reports.outDir(out, mixee.name());
    }
}
