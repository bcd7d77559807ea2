package dev.infergate.cli;

import dev.infergate.bench.TraceBench;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code infergate bench trace}: how fast trace replay reads a large trace, in how much heap. */
@Command(name = "trace", header = "Reading a large trace: time and memory.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes a synthetic Mooncake trace of --lines lines (or reads --trace), then reads it --repeats times the two ways "
                + "a run does: the set-up scan and the schedule's walk. Prints lines per second of each pass, their medians, and the "
                + "peak heap in use after GC. Run it in the heap you want to check, e.g. INFERGATE_JAVA_OPTS=-Xmx256m."})
public final class BenchTraceCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--lines", defaultValue = "1000000", paramLabel = "N", description = "Lines of the synthetic trace. Default: ${DEFAULT-VALUE}.")
    long lines;

    @Option(names = "--repeats", defaultValue = "3", paramLabel = "N", description = "Passes of each kind. Default: ${DEFAULT-VALUE}.")
    int repeats;

    @Option(names = "--trace", paramLabel = "FILE", description = "Read this Mooncake trace instead of writing one.")
    Path trace;

    @Override
    public Integer call() throws IOException {
        if (lines < 1 || repeats < 1) {
            throw UserError.usage("--lines and --repeats must be >= 1");
        }
        PrintWriter out = spec.commandLine().getOut();
        Path file = trace;
        if (file == null) {
            file = Files.createTempFile("infergate-trace-bench", ".jsonl");
            file.toFile().deleteOnExit();
            TraceBench.writeTrace(file, lines, 1);
        }
        try {
            TraceBench.Result r = TraceBench.run(file, repeats);
            out.printf(Locale.ROOT, "trace: %,d lines, %,.1f MB; heap limit %,d MB%n", r.lines(), r.traceBytes() / 1e6,
                    Runtime.getRuntime().maxMemory() >> 20);
            for (TraceBench.Pass p : r.passes()) {
                out.printf(Locale.ROOT, "  %-8s %,10.0f lines/s (%.2f s), %,10.0f lines per CPU second%n", p.name(),
                        p.linesPerSecond(), p.nanos() / 1e9, p.linesPerCpuSecond());
            }
            for (String kind : List.of("scan", "schedule")) {
                double[] rates = r.passes().stream().filter(p -> p.name().equals(kind)).mapToDouble(TraceBench.Pass::linesPerSecond)
                        .sorted().toArray();
                double[] cpuRates = r.passes().stream().filter(p -> p.name().equals(kind))
                        .mapToDouble(TraceBench.Pass::linesPerCpuSecond).sorted().toArray();
                out.printf(Locale.ROOT, "median %-8s %,10.0f lines/s, %,10.0f lines per CPU second%n", kind,
                        rates[rates.length / 2], cpuRates[cpuRates.length / 2]);
            }
            out.printf(Locale.ROOT, "peak heap in use after GC: %,.1f MB%n", r.peakHeapAfterGcBytes() / 1048576.0);
        } finally {
            if (trace == null) {
                Files.deleteIfExists(file);
            }
        }
        out.flush();
        return ExitCode.OK.code();
    }
}
