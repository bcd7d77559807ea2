package dev.infergate.bench;

import dev.infergate.client.ApiKeys;
import dev.infergate.analysis.Slo;
import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import dev.infergate.client.Timeouts;
import dev.infergate.load.ClosedLoop;
import dev.infergate.load.ConstantRateSchedule;
import dev.infergate.load.OpenLoop;
import dev.infergate.load.RunContext;
import dev.infergate.load.RunLimits;
import dev.infergate.load.Shard;
import dev.infergate.run.RunPlan;
import dev.infergate.run.RunService;
import dev.infergate.workload.LengthDistribution;
import dev.infergate.workload.WorkloadDefinition;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A long run exactly as {@code infergate run} does it ({@link RunService}: preflight, synthetic workload,
 * closed loop, requests.jsonl, summary), against an in-process metronome server, while {@link HeapWatch}
 * records the heap after every collection. Meant to run in a heap the size of the target (512 MB): a run
 * that kept per-request state would show it as a growing slope, and as an OutOfMemoryError in the end.
 */
public final class MemoryBench {
    /**
     * What a memory run asks for.
     *
     * @param requests     measured requests
     * @param concurrency  closed-loop concurrency
     * @param outputTokens output events per request
     * @param itl          server gap between events (TTFT is the same)
     * @param recordEvents keep per-event arrivals of every n-th request, as {@code --record-events} (0: none)
     * @param eventLoops   client I/O threads
     */
    public record Plan(long requests, int concurrency, int outputTokens, Duration itl, int recordEvents, int eventLoops) {
        public Plan {
            if (requests < 1 || concurrency < 1 || outputTokens < 1 || eventLoops < 1 || recordEvents < 0) {
                throw new IllegalArgumentException("requests (" + requests + "), concurrency (" + concurrency + "), output tokens ("
                        + outputTokens + ") and event loops (" + eventLoops + ") must be >= 1, record events (" + recordEvents + ") >= 0");
            }
        }
    }

    /** The outcome: requests finished, how fast, and the heap figures. */
    public record Result(long finished, long completed, double wallSeconds, long maxHeapBytes, HeapFigures heap,
            long usedAfterFinalGcBytes) {}

    /**
     * A soak: an open loop at a steady rate for a long time, sampled every {@code interval}.
     *
     * @param duration    how long requests are sent
     * @param ratePerSecond the steady arrival rate (constant spacing)
     * @param interval    how often heap after GC, RSS, requests and records are sampled
     */
    public record Soak(Duration duration, double ratePerSecond, Duration interval) {
        public Soak {
            if (duration == null || duration.isNegative() || duration.isZero() || !(ratePerSecond > 0)
                    || interval == null || interval.toMillis() < 100) {
                throw new IllegalArgumentException("soak duration (" + duration + ") and rate (" + ratePerSecond
                        + ") must be > 0, the sample interval (" + interval + ") at least 100ms");
            }
        }
    }

    /** A soak's outcome: the run's, and the samples over time. */
    public record SoakResult(Result run, List<SoakWatch.Sample> samples) {}

    private MemoryBench() {}

    /**
     * Runs {@code soak} as {@code infergate run --rate R --duration D} would, against the in-process metronome
     * server (plan's tokens and ITL), telling {@code onSample} of every sample.
     */
    public static SoakResult soak(Plan plan, Soak soak, Path dir, Consumer<SoakWatch.Sample> onSample)
            throws IOException, RunService.SetupException {
        try (MetronomeServer server = MetronomeServer.start(0, 1, 0, false)
                .withDefaultTiming(plan.itl().toNanos(), plan.itl().toNanos())) {
            RunPlan run = runPlan(server, plan, new OpenLoop(new ConstantRateSchedule(soak.ratePerSecond()), 0),
                    new RunLimits(0, soak.duration(), 0, null, Duration.ofSeconds(60)), dir);
            AtomicReference<RunContext> live = new AtomicReference<>();
            long start = System.nanoTime();
            RunService.Result result;
            HeapFigures heap;
            List<SoakWatch.Sample> samples;
            try (HeapWatch watch = new HeapWatch(() -> live.get() == null ? 0 : live.get().progress().finished());
                    SoakWatch soakWatch = new SoakWatch(watch, () -> live.get() == null ? 0 : live.get().progress().started(),
                            dir.resolve(dev.infergate.record.RunLog.REQUESTS_FILE), soak.interval(), onSample).start()) {
                result = new RunService().execute(run, live::set);
                heap = HeapFigures.of(watch.samples());
                soakWatch.sample(); // the end: every record in the log
                samples = soakWatch.samples();
            }
            return new SoakResult(result(plan, live, result, heap, start), samples);
        }
    }

    public static Result run(Plan plan, Path dir) throws IOException, RunService.SetupException {
        try (MetronomeServer server = MetronomeServer.start(0, 1, 0, false)
                .withDefaultTiming(plan.itl().toNanos(), plan.itl().toNanos())) {
            RunPlan run = runPlan(server, plan, new ClosedLoop(plan.concurrency(), Duration.ZERO),
                    new RunLimits(plan.requests(), null, 0, null, Duration.ofSeconds(60)), dir);
            AtomicReference<RunContext> live = new AtomicReference<>();
            long start = System.nanoTime();
            RunService.Result result;
            HeapFigures heap;
            try (HeapWatch watch = new HeapWatch(() -> live.get() == null ? 0 : live.get().progress().finished())) {
                result = new RunService().execute(run, live::set);
                heap = HeapFigures.of(watch.samples());
            }
            return result(plan, live, result, heap, start);
        }
    }

    private static RunPlan runPlan(MetronomeServer server, Plan plan, dev.infergate.load.LoadModel load, RunLimits limits,
            Path dir) {
        Endpoint endpoint = new Endpoint(URI.create(server.baseUrl()), Api.CHAT, null, true, Map.of(), null, false,
                false, Duration.ofSeconds(10));
        WorkloadDefinition workload = WorkloadDefinition.builder().inputTokens(LengthDistribution.parse("64"))
                .outputTokens(LengthDistribution.parse(String.valueOf(plan.outputTokens()))).build();
        return new RunPlan(endpoint, workload, "cl100k_base", load, limits, Shard.ALL, Timeouts.DEFAULT,
                Slo.NONE, Map.of("bench", "memory"), null, dir, true, plan.recordEvents(), plan.eventLoops(),
                ApiKeys.DEFAULT_ENV, false, null, null);
    }

    private static Result result(Plan plan, AtomicReference<RunContext> live, RunService.Result result, HeapFigures heap,
            long startNanos) {
        double wall = (System.nanoTime() - startNanos) / 1e9;
        System.gc();
        long retained = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        RunContext ctx = live.get();
        return new Result(result.outcome().finished(), ctx == null ? 0 : ctx.progress().completed(), wall,
                Runtime.getRuntime().maxMemory(), heap, retained);
    }
}
