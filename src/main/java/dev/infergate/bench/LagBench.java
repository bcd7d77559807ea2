package dev.infergate.bench;

import dev.infergate.client.ApiKeys;
import dev.infergate.analysis.ClientLag;
import dev.infergate.analysis.Slo;
import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import dev.infergate.client.Timeouts;
import dev.infergate.load.ConstantRateSchedule;
import dev.infergate.load.OpenLoop;
import dev.infergate.load.RunLimits;
import dev.infergate.load.Shard;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunDocument;
import dev.infergate.record.RunLog;
import dev.infergate.run.ClientWarmup;
import dev.infergate.run.RunPlan;
import dev.infergate.run.RunService;
import dev.infergate.workload.LengthDistribution;
import dev.infergate.workload.WorkloadDefinition;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Issue 14's lag target as a benchmark: {@code infergate run}'s whole path (set-up, the client warm-up, the open
 * loop) at a constant rate with free slots against an in-process metronome server, and the client's own lag of
 * every request, the very first included. A fresh JVM per repeat is the caller's business (the command forks).
 */
public final class LagBench {
    /**
     * @param ratePerSecond   constant arrival rate
     * @param requests        measured requests (no warm-up requests: the first one counts)
     * @param ttft            the server's TTFT (and gap between events)
     * @param outputTokens    events per answer
     * @param clientWarmup    whether the client warms up before the clock
     * @param eventLoops      client I/O threads
     */
    public record Plan(double ratePerSecond, long requests, Duration ttft, int outputTokens, boolean clientWarmup, int eventLoops) {
        public Plan {
            if (!(ratePerSecond > 0) || requests < 1 || outputTokens < 1 || eventLoops < 1) {
                throw new IllegalArgumentException("rate (" + ratePerSecond + "), requests (" + requests + "), tokens ("
                        + outputTokens + ") and event loops (" + eventLoops + ") must be positive");
            }
            if (ttft == null || ttft.isNegative()) {
                throw new IllegalArgumentException("ttft (" + ttft + ") must be >= 0");
            }
        }
    }

    /**
     * @param lag          the client's lag over every request, in ms
     * @param firstLagMs   the lag of request 0
     * @param first10MaxMs the largest lag among requests 0-9
     * @param writeP99Ms   p99 of the write time (dispatch to the last byte handed to the kernel)
     * @param warmup       the client warm-up's figures, or null when off
     */
    public record Result(ClientLag lag, double firstLagMs, double first10MaxMs, double writeP99Ms, long requests,
            long failed, RunDocument.ClientWarmup warmup) {}

    private LagBench() {}

    public static Result run(Plan plan, Path dir) throws IOException, RunService.SetupException {
        try (MetronomeServer server = MetronomeServer.start(0, 1, 0, false)
                .withDefaultTiming(plan.ttft().toNanos(), plan.ttft().toNanos())) {
            Endpoint endpoint = new Endpoint(URI.create(server.baseUrl()), Api.CHAT, null, true, Map.of(), null, false,
                    false, Duration.ofSeconds(10));
            WorkloadDefinition workload = WorkloadDefinition.builder().inputTokens(LengthDistribution.parse("64"))
                    .outputTokens(LengthDistribution.parse(String.valueOf(plan.outputTokens()))).build();
            // free slots: no max-concurrency, so every request's lag is the client's alone
            RunPlan run = new RunPlan(endpoint, workload, "cl100k_base",
                    new OpenLoop(new ConstantRateSchedule(plan.ratePerSecond()), 0),
                    new RunLimits(plan.requests(), null, 0, null, Duration.ofSeconds(60)), Shard.ALL, Timeouts.DEFAULT,
                    Slo.NONE, Map.of("bench", "lag"), null, dir, true, 0, plan.eventLoops(), ApiKeys.DEFAULT_ENV, false,
                    null, null);
            RunService.Result result = new RunService()
                    .withClientWarmup(plan.clientWarmup() ? ClientWarmup.Budget.DEFAULT : null).execute(run, null);
            List<RequestRecord> records = new ArrayList<>();
            RunLog.readRecords(dir, records::add);
            records.sort(Comparator.comparingLong(RequestRecord::id));
            return of(records, result.summary().run().document().clientWarmup());
        }
    }

    /** The figures of a run's records, sorted by id. */
    static Result of(List<RequestRecord> byId, RunDocument.ClientWarmup warmup) {
        ClientLag lag = new ClientLag();
        byId.forEach(lag::add);
        double first = byId.isEmpty() ? Double.NaN : millis(byId.get(0).clientLagNanos());
        double first10 = byId.stream().limit(10).mapToDouble(r -> millis(r.clientLagNanos())).max().orElse(Double.NaN);
        long failed = byId.stream().filter(r -> !r.succeeded()).count();
        return new Result(lag, first, first10, lag.write().valueAt(99), byId.size(), failed, warmup);
    }

    private static double millis(long nanos) {
        return nanos == RequestRecord.ABSENT ? Double.NaN : nanos / 1e6;
    }
}
