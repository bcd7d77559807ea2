package dev.infergate.bench;

import dev.infergate.client.ApiKeys;
import dev.infergate.analysis.Slo;
import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import dev.infergate.client.Timeouts;
import dev.infergate.load.ClosedLoop;
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
import java.util.Map;
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

    private MemoryBench() {}

    public static Result run(Plan plan, Path dir) throws IOException, RunService.SetupException {
        try (MetronomeServer server = MetronomeServer.start(0, 1, 0, false)
                .withDefaultTiming(plan.itl().toNanos(), plan.itl().toNanos())) {
            Endpoint endpoint = new Endpoint(URI.create(server.baseUrl()), Api.CHAT, null, true, Map.of(), null, false,
                    false, Duration.ofSeconds(10));
            WorkloadDefinition workload = WorkloadDefinition.builder().inputTokens(LengthDistribution.parse("64"))
                    .outputTokens(LengthDistribution.parse(String.valueOf(plan.outputTokens()))).build();
            RunPlan run = new RunPlan(endpoint, workload, "cl100k_base", new ClosedLoop(plan.concurrency(), Duration.ZERO),
                    new RunLimits(plan.requests(), null, 0, null, Duration.ofSeconds(60)), Shard.ALL, Timeouts.DEFAULT,
                    Slo.NONE, Map.of("bench", "memory"), null, dir, true, plan.recordEvents(), plan.eventLoops(),
                    ApiKeys.DEFAULT_ENV, false, null, null);
            AtomicReference<RunContext> live = new AtomicReference<>();
            long start = System.nanoTime();
            RunService.Result result;
            HeapFigures heap;
            try (HeapWatch watch = new HeapWatch(() -> live.get() == null ? 0 : live.get().progress().finished())) {
                result = new RunService().execute(run, live::set);
                heap = HeapFigures.of(watch.samples());
            }
            double wall = (System.nanoTime() - start) / 1e9;
            System.gc();
            long retained = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            RunContext ctx = live.get();
            return new Result(result.outcome().finished(), ctx == null ? 0 : ctx.progress().completed(), wall,
                    Runtime.getRuntime().maxMemory(), heap, retained);
        }
    }
}
