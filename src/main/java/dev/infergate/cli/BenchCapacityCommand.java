package dev.infergate.cli;

import dev.infergate.bench.AccuracyPoint;
import dev.infergate.bench.Phases;
import dev.infergate.config.Durations;
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
@Command(name = "capacity", mixinStandardHelpOptions = true, sortOptions = false,
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

    @Option(names = "--itl", paramLabel = "DURATION", description = "A fixed ITL for every point instead of --events-per-second.")
    String itl;

    @Option(names = "--tokens", defaultValue = "100", paramLabel = "N", description = "Output events per request. Default: ${DEFAULT-VALUE}.")
    int tokens;

    @Option(names = "--ttft", defaultValue = "50ms", paramLabel = "DURATION", description = "Server delay before the first event. Default: ${DEFAULT-VALUE}.")
    String ttft;

    @Option(names = "--rounds", defaultValue = "2", paramLabel = "N", description = "Measured requests per stream. Default: ${DEFAULT-VALUE}.")
    int rounds;

    @Option(names = "--warmup-rounds", defaultValue = "1", paramLabel = "N", description = "Warm-up requests per stream. Default: ${DEFAULT-VALUE}.")
    int warmupRounds;

    @Option(names = "--repeat", defaultValue = "1", paramLabel = "N", description = "Runs of each point; the last table holds the medians. Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--event-loops", paramLabel = "N", description = "Client I/O threads. Default: the number of cores.")
    Integer eventLoops;

    @Option(names = "--phases", defaultValue = "spread", paramLabel = "spread|aligned",
            converter = PhasesConverter.class,
            description = "spread: the streams' events interleave evenly and lengths vary 75-125 %% (a steady rate); aligned: every stream's events "
                    + "fall due together, like one decode step of the whole batch (a burst per ITL). Default: ${DEFAULT-VALUE}.")
    Phases phases;

    @Option(names = "--keep", paramLabel = "DIR", description = "Keep each run's requests.jsonl under DIR.")
    Path keep;

    @Override
    public Integer call() throws IOException {
        List<AccuracyPoint> points = new ArrayList<>();
        int loops = eventLoops != null ? eventLoops : Runtime.getRuntime().availableProcessors();
        try {
            for (double rate : itl != null ? List.of(0.0) : rates) {
                for (int n : streams) {
                    Duration gap = itl != null ? Durations.parse(itl) : itlFor(n, rate);
                    points.add(new AccuracyPoint(n, tokens, Durations.parse(ttft), gap, rounds, warmupRounds, loops, phases));
                }
            }
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        return BenchAccuracyCommand.sweep(spec, server, points, repeat, keep);
    }

    /** The ITL at which {@code streams} streams offer {@code eventsPerSecond} in total. */
    static Duration itlFor(int streams, double eventsPerSecond) {
        if (!(eventsPerSecond > 0)) {
            throw new IllegalArgumentException("--events-per-second (" + eventsPerSecond + ") must be > 0");
        }
        return Duration.ofNanos(Math.round(streams / eventsPerSecond * 1e9));
    }
}
