package dev.infergate.bench;

import dev.infergate.client.Api;
import dev.infergate.client.ApiKeys;
import dev.infergate.client.Endpoint;
import dev.infergate.client.HttpExecutor;
import dev.infergate.client.OpenedEndpoint;
import dev.infergate.client.Preflight;
import dev.infergate.client.Timeouts;
import dev.infergate.load.ClosedLoop;
import dev.infergate.load.RunLimits;
import dev.infergate.load.Runner;
import dev.infergate.load.Shard;
import dev.infergate.workload.Workload;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The client side of every benchmark, as users run it: an {@link OpenedEndpoint} (client and preflight), then the
 * {@link Runner} in a closed loop of {@code streams} users, recording every request's event arrivals into
 * {@code requests.jsonl} (event sampling 1, no cap).
 */
final class ClientRun {
    /**
     * @param originNanos the run origin: the records' marks are relative to it
     * @param wallSeconds from the origin to the last record
     * @param cpuByGroup  cores used per thread group over that time
     * @param gc          the JVM's collection pauses over that time
     */
    record Outcome(long originNanos, double wallSeconds, Map<String, Double> cpuByGroup, GcPauses.Summary gc) {
        double cpuCores() {
            return cpuByGroup.values().stream().mapToDouble(Double::doubleValue).sum();
        }
    }

    private ClientRun() {}

    /**
     * @param serverThreads ids of in-process server threads, asked at each CPU snapshot (may grow)
     */
    static Outcome run(String baseUrl, Workload workload, int streams, int rounds, int warmupRounds, int eventLoops,
            Supplier<Set<Long>> serverThreads, Path dir) throws IOException, Preflight.Failure {
        Endpoint endpoint = new Endpoint(URI.create(baseUrl), Api.CHAT, null, true, Map.of(), null, false, false,
                Duration.ofSeconds(10));
        try (OpenedEndpoint opened = OpenedEndpoint.open(endpoint, streams, eventLoops, true, ApiKeys.DEFAULT_ENV, false)) {
            HttpExecutor http = opened.http();
            Preflight.Result preflight = opened.server();
            RunLimits limits = new RunLimits((long) streams * rounds, null, (long) streams * warmupRounds, null,
                    Duration.ofSeconds(60));
            Runner runner = new Runner(http, workload, new ClosedLoop(streams, Duration.ZERO), limits, Shard.ALL,
                    new Runner.RequestSettings(Timeouts.DEFAULT, preflight.exactOutput(), 1, Integer.MAX_VALUE, null));
            CpuBreakdown before = CpuBreakdown.snapshot(serverThreads.get());
            try (GcPauses gc = GcPauses.watch()) {
                long origin = System.nanoTime();
                runner.run(dir, origin, text -> 0, null);
                double wallSeconds = (System.nanoTime() - origin) / 1e9;
                Map<String, Double> cpu = CpuBreakdown.snapshot(serverThreads.get()).coresSince(before, wallSeconds);
                return new Outcome(origin, wallSeconds, cpu, gc.summary());
            }
        }
    }
}
