package dev.infergate.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code infergate bench}: benchmarks of infergate itself — how accurate its marks are, how much load one
 * process drives, how much memory a long run keeps. See docs/benchmarks.md.
 */
@Command(name = "bench", header = "How accurate, fast and lean the client itself is.", mixinStandardHelpOptions = true,
        description = {"Benchmarks infergate's own measuring core against a loopback metronome server that sends each event "
                + "at a known time: accuracy of TTFT/ITL marks, capacity (streams and events/s), memory per request. "
                + "See docs/benchmarks.md."},
        subcommands = {
            BenchAccuracyCommand.class,
            BenchCapacityCommand.class,
            BenchMemoryCommand.class,
            BenchSimCommand.class,
            BenchLagCommand.class,
            BenchVersusFloorCommand.class,
            BenchTraceCommand.class,
            BenchSummarizeCommand.class,
            MetronomeServerCommand.class,
        })
public final class BenchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
