package dev.infergate.cli;

import dev.infergate.bench.AccuracyTable;
import dev.infergate.bench.Phases;
import dev.infergate.bench.SimBench;
import dev.infergate.bench.Spread;
import dev.infergate.client.IoTransport;
import dev.infergate.client.Preflight;
import dev.infergate.config.Durations;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code infergate bench sim}: how closely the simulator's events follow its model, seen by the client. */
@Command(name = "sim", header = "How far the simulator keeps up with its own model.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Starts the simulator in this JVM with a profile whose every step costs exactly --step, runs the client "
                + "with --streams concurrent streams, and prints, per event of the measured requests, how late it arrived "
                + "against the model's time for its token, how late the simulator wrote it, and how far the client's gaps "
                + "stray from the model's."})
public final class BenchSimCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--streams", defaultValue = "1000", paramLabel = "N", description = "Concurrent streams. Default: ${DEFAULT-VALUE}.")
    int streams;

    @Option(names = "--tokens", defaultValue = "100", paramLabel = "N", description = "Output tokens per request. Default: ${DEFAULT-VALUE}.")
    int tokens;

    @Option(names = "--step", defaultValue = "50ms", paramLabel = "DURATION",
            description = "The modelled cost of every engine step, i.e. the model's ITL. Default: ${DEFAULT-VALUE}.")
    Duration step;

    @Option(names = "--output-cost", defaultValue = "20us", paramLabel = "DURATION",
            description = "The output stage's time per streamed token (cost.output_us_per_token): a step's tokens leave "
                    + "one after another, this far apart, as a serving engine streams a batch's outputs. 0 sends all of a "
                    + "step's tokens at its end, a burst no server can write at once. Default: ${DEFAULT-VALUE}.")
    Duration outputCost;

    @Option(names = "--phases", defaultValue = "spread", paramLabel = "spread|aligned", converter = PhasesConverter.class,
            description = "spread: requests ask for 75-125 %% of --tokens, so streams end and restart at different steps, a "
                    + "steady load; aligned: every request the same length, so all streams restart in the same step, a burst "
                    + "of --streams requests (a worst case). Default: ${DEFAULT-VALUE}.")
    Phases phases;

    @Option(names = "--rounds", defaultValue = "2", paramLabel = "N", description = "Measured requests per stream. Default: ${DEFAULT-VALUE}.")
    int rounds;

    @Option(names = "--warmup-rounds", defaultValue = "1", paramLabel = "N", description = "Warm-up requests per stream. Default: ${DEFAULT-VALUE}.")
    int warmupRounds;

    @Mixin
    EventLoopOptions eventLoops = new EventLoopOptions();

    @Override
    public Integer call() throws IOException {
        Duration stepDuration = step;
        Duration perToken = outputCost;
        if (streams < 1 || tokens < 2 || rounds < 1 || warmupRounds < 0 || stepDuration.toNanos() < 1000) {
            throw UserError.usage("--streams (" + streams + ") and --rounds (" + rounds + ") must be >= 1, --tokens (" + tokens
                    + ") >= 2, --warmup-rounds (" + warmupRounds + ") >= 0 and --step (" + Durations.format(step) + ") >= 1us");
        }
        int loops = eventLoops.count();
        Path dir = Files.createTempDirectory("infergate-bench-sim");
        PrintWriter out = spec.commandLine().getOut();
        try {
            SimBench.Result r = SimBench.run(streams, tokens, stepDuration, perToken, phases, rounds, warmupRounds, loops, dir);
            out.printf(Locale.ROOT, "infergate bench sim: %d streams, step %s, output %s per token, phases %s, transport %s, %d cores%s; "
                    + "%d events (%.0f/s), %d failed, %d unpaired%n", r.streams(), Durations.format(step), Durations.format(outputCost), phases.label(), IoTransport.describe(),
                    Runtime.getRuntime().availableProcessors(), BenchAccuracyCommand.jvmOptions(), r.events(), r.eventsPerSecond(),
                    r.failed(), r.mismatched());
            out.println("                              p50       p99     p99.9       max   (ms, measured requests)");
            out.println(line("arrival - model time", r.arrivalLateness()));
            out.println(line("sim write - model time", r.simLateness()));
            out.println(line("client ITL - model gap", r.itlError()));
            out.println("cpu cores by thread group: " + AccuracyTable.cpu(r.cpuByGroup()) + "; " + r.gc());
            out.flush();
            return ExitCode.OK.code();
        } catch (Preflight.Failure e) {
            throw UserError.cannotRun("the simulator failed the preflight: " + e.getMessage(), e);
        } finally {
            BenchFiles.deleteTree(dir);
        }
    }

    /** Signed median, tail of the absolute value (a token may leave up to 0.2 ms before its time). */
    private static String line(String name, Spread s) {
        return String.format(Locale.ROOT, "%-22s %9.3f %9.3f %9.3f %9.3f", name, s.medianNanos() / 1e6, s.p99AbsNanos() / 1e6,
                s.p999AbsNanos() / 1e6, s.maxAbsNanos() / 1e6);
    }
}
