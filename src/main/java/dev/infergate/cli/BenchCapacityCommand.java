package dev.infergate.cli;

import dev.infergate.bench.AccuracyPoint;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code infergate bench capacity}: how many streams and events/s one process drives while its marks stay accurate. */
@Command(name = "capacity", header = "Where the client's accuracy stops holding, by streams.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Sweeps the number of concurrent streams (and with it the event rate) and prints, per point, the events/s "
                + "achieved, the CPU used and the client's error, so you can see where accuracy stops holding (the 1 ms target)."})
public final class BenchCapacityCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    BenchServerOptions server = new BenchServerOptions();

    @Option(names = "--streams", defaultValue = "500,1000,2000,3000", split = ",", paramLabel = "N[,N...]",
            description = "Concurrent streams of each point. Default: ${DEFAULT-VALUE}.")
    List<Integer> streams = new ArrayList<>();

    @Option(names = "--events-per-second", defaultValue = "20000", paramLabel = "N[,N...]", split = ",",
            description = "Offered event rate of each point: each stream's ITL is streams / rate. Several rates make a grid with --streams. Default: ${DEFAULT-VALUE}.")
    List<Double> rates = new ArrayList<>();

    @Option(names = "--itl", paramLabel = "DURATION",
            description = "A fixed ITL for every point instead of --events-per-second.")
    Duration itl;

    @Option(names = "--tokens", defaultValue = "100", paramLabel = "N", description = "Output events per request. Default: ${DEFAULT-VALUE}.")
    int tokens;

    @Mixin
    BenchPointOptions pointOptions = new BenchPointOptions();

    @Override
    public Integer call() throws IOException {
        List<AccuracyPoint> points = new ArrayList<>();
        try {
            for (double rate : itl != null ? List.of(0.0) : rates) {
                for (int n : streams) {
                    points.add(pointOptions.point(n, tokens, itl != null ? itl : itlFor(n, rate)));
                }
            }
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        return BenchAccuracyCommand.sweep(spec, server, points, pointOptions.repeat, pointOptions.keep);
    }

    /** The ITL at which {@code streams} streams offer {@code eventsPerSecond} in total. */
    static Duration itlFor(int streams, double eventsPerSecond) {
        if (!(eventsPerSecond > 0)) {
            throw new IllegalArgumentException("--events-per-second (" + eventsPerSecond + ") must be > 0");
        }
        return Duration.ofNanos(Math.round(streams / eventsPerSecond * 1e9));
    }
}
