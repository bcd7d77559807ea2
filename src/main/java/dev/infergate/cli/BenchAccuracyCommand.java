package dev.infergate.cli;

import dev.infergate.bench.AccuracyBench;
import dev.infergate.bench.AccuracyPoint;
import dev.infergate.client.IoTransport;
import dev.infergate.bench.AccuracySweep;
import dev.infergate.bench.AccuracyTable;
import dev.infergate.bench.ServerHandle;
import dev.infergate.client.Preflight;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code infergate bench accuracy}: the client's TTFT and ITL error at one concurrency. */
@Command(name = "accuracy", header = "The client's timing error against a metronome server.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs the real client (closed loop, concurrency = --streams) against a metronome server that sends "
                + "event k of each request at TTFT + k*ITL after receipt, and compares every event's arrival mark with "
                + "the server's write mark on the shared monotonic clock. Prints the client's error (per event, TTFT, "
                + "ITL) and the server's own lateness, in ms."})
public final class BenchAccuracyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    BenchServerOptions server = new BenchServerOptions();

    @Option(names = "--streams", defaultValue = "500", paramLabel = "N", description = "Concurrent streams. Default: ${DEFAULT-VALUE}.")
    int streams;

    @Option(names = "--tokens", defaultValue = "200", paramLabel = "N", description = "Output events per request. Default: ${DEFAULT-VALUE}.")
    int tokens;

    @Option(names = "--itl", defaultValue = "20ms", paramLabel = "DURATION",
            description = "Server gap between events. Default: ${DEFAULT-VALUE}.")
    Duration itl;

    @Mixin
    BenchPointOptions points = new BenchPointOptions();

    @Override
    public Integer call() throws IOException {
        AccuracyPoint point = points.point(streams, tokens, itl);
        return BenchAccuracyCommand.sweep(spec, server, List.of(point), points.repeat, points.keep);
    }

    /** Runs {@code points} and prints rows and the median table; exit 0 whether or not the target was met. */
    static int sweep(CommandSpec spec, BenchServerOptions server, List<AccuracyPoint> points, int repeat, Path keep)
            throws IOException {
        if (repeat < 1) {
            throw UserError.usage("--repeat (" + repeat + ") must be >= 1");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("infergate bench " + spec.name() + ": " + server.describe() + ", phases " + points.get(0).phases().label()
                + ", transport " + IoTransport.describe() + ", " + Runtime.getRuntime().availableProcessors()
                + " cores, java " + Runtime.version() + jvmOptions());
        Path work = keep != null ? Files.createDirectories(keep) : Files.createTempDirectory("infergate-bench");
        try (ServerHandle handle = server.start()) {
            List<AccuracyBench.Result> medians = AccuracySweep.run(handle, points, repeat, work, keep != null, out);
            out.println();
            out.println(repeat > 1 ? "medians of " + repeat + " runs:" : "result:");
            out.print(AccuracyTable.render(medians));
            out.flush();
            return ExitCode.OK.code();
        } catch (Preflight.Failure e) {
            throw UserError.cannotRun("the metronome server failed the preflight: " + e.getMessage(), e);
        } finally {
            if (keep == null) {
                BenchFiles.deleteTree(work);
            }
        }
    }

    /** The JVM options that change timing (heap, collector, compiler), so a figure says how it was run. */
    static String jvmOptions() {
        List<String> args = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("-Xm") || a.startsWith("-XX:")).toList();
        return args.isEmpty() ? "" : ", jvm " + String.join(" ", args);
    }
}
