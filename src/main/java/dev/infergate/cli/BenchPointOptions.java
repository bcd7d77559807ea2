package dev.infergate.cli;

import dev.infergate.bench.AccuracyPoint;
import dev.infergate.bench.Phases;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** How each point of an accuracy benchmark runs: shared by {@code bench accuracy} and {@code bench capacity}. */
final class BenchPointOptions {
    @Option(names = "--ttft", defaultValue = "50ms", paramLabel = "DURATION",
            description = "Server delay before the first event. Default: ${DEFAULT-VALUE}.")
    Duration ttft;

    @Option(names = "--rounds", defaultValue = "2", paramLabel = "N", description = "Measured requests per stream. Default: ${DEFAULT-VALUE}.")
    int rounds;

    @Option(names = "--warmup-rounds", defaultValue = "1", paramLabel = "N",
            description = "Warm-up requests per stream (not compared). Default: ${DEFAULT-VALUE}.")
    int warmupRounds;

    @Option(names = "--repeat", defaultValue = "1", paramLabel = "N",
            description = "Runs of each point; the last table holds the medians. Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Mixin
    EventLoopOptions eventLoops = new EventLoopOptions();

    @Option(names = "--phases", defaultValue = "spread", paramLabel = "spread|aligned",
            converter = PhasesConverter.class,
            description = "spread: the streams' events interleave evenly and lengths vary 75-125 %% (a steady rate); aligned: every stream's events "
                    + "fall due together, like one decode step of the whole batch (a burst per ITL). Default: ${DEFAULT-VALUE}.")
    Phases phases;

    @Option(names = "--keep", paramLabel = "DIR",
            description = "Keep each run's requests.jsonl under DIR (default: a temporary directory, deleted).")
    Path keep;

    /** One point: {@code streams} streams of {@code tokens} events {@code itl} apart. */
    AccuracyPoint point(int streams, int tokens, Duration itl) {
        try {
            return new AccuracyPoint(streams, tokens, ttft, itl, rounds, warmupRounds, eventLoops.count(), phases);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }
}
