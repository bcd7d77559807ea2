package dev.infergate.bench;

import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import dev.infergate.client.HttpExecutor;
import dev.infergate.client.Preflight;
import dev.infergate.client.Timeouts;
import dev.infergate.load.ClosedLoop;
import dev.infergate.load.RunLimits;
import dev.infergate.load.Runner;
import dev.infergate.load.Shard;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Measures one {@link AccuracyPoint} the way users run infergate: the real {@link HttpExecutor},
 * {@link Preflight} and {@link Runner} (closed loop, every request's event arrivals recorded into
 * {@code requests.jsonl}), then compares the log with the server's {@link StreamTruth}s
 * ({@link ErrorAnalysis}).
 */
public final class AccuracyBench {
    /** The outcome of one point. */
    /**
     * @param cpuCores    CPU used by this process over the run, in cores (wall-clock normalised)
     * @param cpuByGroup  the same, split by {@link CpuBreakdown} thread group
     * @param wallSeconds the run's wall time, from the first request to the last record
     */
    public record Result(AccuracyPoint point, ErrorSummary errors, double cpuCores, Map<String, Double> cpuByGroup,
            double wallSeconds) {
        public Result {
            cpuByGroup = Map.copyOf(cpuByGroup == null ? Map.of() : cpuByGroup);
        }
    }

    private AccuracyBench() {}

    /**
     * @param server the metronome server
     * @param dir    an empty directory for the run's requests.jsonl
     */
    public static Result run(ServerHandle server, AccuracyPoint point, Path dir) throws IOException, Preflight.Failure {
        Endpoint endpoint = new Endpoint(URI.create(server.baseUrl()), Api.CHAT, null, true, Map.of(), null, false, false,
                Duration.ofSeconds(10));
        long origin;
        double wallSeconds;
        double cpuCores;
        Map<String, Double> byGroup;
        try (HttpExecutor http = new HttpExecutor(endpoint, point.streams(), point.eventLoops())) {
            Preflight.Result preflight = Preflight.run(http, null, true, "OPENAI_API_KEY", false);
            http.useModel(preflight.model());
            RunLimits limits = new RunLimits((long) point.streams() * point.rounds(), null,
                    (long) point.streams() * point.warmupRounds(), null, Duration.ofSeconds(60));
            Runner runner = new Runner(http, new BenchWorkload(point.tokens(), point.ttft(), point.itl()),
                    new ClosedLoop(point.streams(), Duration.ZERO), limits, Shard.ALL,
                    new Runner.RequestSettings(Timeouts.DEFAULT, preflight.exactOutput(), 1, Integer.MAX_VALUE, null));
            CpuBreakdown cpuBefore = CpuBreakdown.snapshot(server.serverThreadIds());
            origin = System.nanoTime();
            runner.run(dir, origin, text -> 0, null);
            wallSeconds = (System.nanoTime() - origin) / 1e9;
            CpuBreakdown cpuAfter = CpuBreakdown.snapshot(server.serverThreadIds());
            byGroup = cpuAfter.coresSince(cpuBefore, wallSeconds);
            cpuCores = byGroup.values().stream().mapToDouble(Double::doubleValue).sum();
        }
        Map<Long, StreamTruth> byId = new HashMap<>();
        for (StreamTruth t : server.truths().drain()) {
            byId.put(t.id(), t);
        }
        ErrorAnalysis analysis = new ErrorAnalysis();
        long runOrigin = origin;
        RunLog.readRecords(dir, r -> analysis.add(r, runOrigin, byId.get(r.id())));
        return new Result(point, analysis.summary(), cpuCores, byGroup, wallSeconds);
    }

    /** CPU time of this process so far (all threads), or 0 when the JVM cannot say. */
    static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(0, os.getProcessCpuTime());
        }
        return 0;
    }
}
