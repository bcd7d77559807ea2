package dev.infergate.bench;

import dev.infergate.client.Preflight;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Measures one {@link AccuracyPoint} the way users run infergate ({@link ClientRun}: the real HTTP
 * executor, preflight and run loop, every request's event arrivals recorded into {@code requests.jsonl}),
 * then compares the log with the server's {@link StreamTruth}s
 * ({@link ErrorAnalysis}).
 */
public final class AccuracyBench {
    /**
     * The outcome of one point.
     *
     * @param cpuCores    CPU used by this process over the run, in cores (wall-clock normalised)
     * @param cpuByGroup  the same, split by {@link CpuBreakdown} thread group
     * @param wallSeconds the run's wall time, from the first request to the last record
     * @param gc          this JVM's collection pauses during the run (client and in-process server)
     */
    public record Result(AccuracyPoint point, ErrorSummary errors, double cpuCores, Map<String, Double> cpuByGroup,
            double wallSeconds, GcPauses.Summary gc) {
        public Result {
            cpuByGroup = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(cpuByGroup == null ? Map.of() : cpuByGroup));
            gc = gc == null ? GcPauses.Summary.NONE : gc;
        }
    }

    private AccuracyBench() {}

    /**
     * @param server the metronome server
     * @param dir    an empty directory for the run's requests.jsonl
     */
    public static Result run(ServerHandle server, AccuracyPoint point, Path dir) throws IOException, Preflight.Failure {
        ClientRun.Outcome run = ClientRun.run(server.baseUrl(), new BenchWorkload(point.tokens(), point.ttft(), point.itl(), point.phases()),
                point.streams(), point.rounds(), point.warmupRounds(), point.eventLoops(), server::serverThreadIds, dir);
        Map<Long, StreamTruth> byId = new HashMap<>();
        for (StreamTruth t : server.truths().drain()) {
            byId.put(t.id(), t);
        }
        ErrorAnalysis analysis = new ErrorAnalysis();
        RunLog.readRecords(dir, r -> analysis.add(r, run.originNanos(), byId.get(r.id())));
        return new Result(point, analysis.summary(), run.cpuCores(), run.cpuByGroup(), run.wallSeconds(), run.gc());
    }

    /** CPU time of this process so far (all threads), or 0 when the JVM cannot say. */
    static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(0, os.getProcessCpuTime());
        }
        return 0;
    }
}
