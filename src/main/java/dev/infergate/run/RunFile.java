package dev.infergate.run;

import dev.infergate.analysis.Slo;
import dev.infergate.client.Endpoint;
import dev.infergate.client.Preflight;
import dev.infergate.client.Timeouts;
import dev.infergate.json.Json;
import dev.infergate.workload.WorkloadDescription;
import dev.infergate.load.LoadModel;
import dev.infergate.load.RunLimits;
import dev.infergate.load.Shard;
import dev.infergate.record.LoadBlock;
import dev.infergate.record.RunDocument;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A measured run's or a probe's {@code run.json} (docs/results.md): what a run was asked to do and what the server
 * said about itself, built from the run's own objects into the one run.json model, {@link RunDocument}, which writes
 * it. A value, written atomically: a measured run writes it once before its first request
 * ({@code ended_at: null}, so a killed run reads as partial) and once more from the same value when it ended
 * ({@link #ended}); it is never read back and rewritten. A probe writes it once, without the measured-run parts.
 *
 * @param startedAt       when the run started (wall clock, a label only)
 * @param endpoint        the endpoint as used (header names only, never values)
 * @param requestIdPrefix the prefix of the request ids sent to the server
 * @param labels          the user's key=value labels
 * @param load            the load model, its limits and shard
 * @param workload        what was sent
 * @param server          what the server said about itself
 * @param measured        the parts only a measured run has, or null (probe)
 * @param ending          how the run ended, or null while it runs (measured runs only)
 */
public record RunFile(Instant startedAt, Endpoint endpoint, String requestIdPrefix, Map<String, String> labels,
        Map<String, Object> load, // JSON edge: LoadBlock's object or a probe's own keys, kept in the start's order
        WorkloadDescription workload, Preflight.Result server, Measured measured,
        Ending ending) {

    /** run.json's schema; see {@link RunDocument#SCHEMA_VERSION}. */
    public static final String SCHEMA = RunDocument.SCHEMA_VERSION;

    /**
     * What only a measured run records.
     *
     * @param toolVersion          the infergate version
     * @param slo                  the goodput targets
     * @param timeouts             the per-request limits
     * @param serverMetrics        the scraped {@code /metrics} URL, or null
     * @param gpuMetrics           the scraped GPU exporter's page (NVIDIA DCGM), or null (then no key)
     * @param condition            the matrix condition, or null
     * @param prefixWarmupRequests shared prefixes sent once before the clock started (0: none)
     * @param clientWarmup         the client's own warm-up before the clock started, or null
     */
    public record Measured(String toolVersion, Slo slo, Timeouts timeouts, URI serverMetrics, URI gpuMetrics,
            String condition,
            int prefixWarmupRequests, ClientWarmup.Result clientWarmup) {}

    /**
     * @param endedAt       when the run ended (wall clock)
     * @param partialReason why it stopped early, or null when it ran to its end
     * @param clientCpu     the client's CPU by phase ({@code client_cpu}), or null when not measured
     * @param connections   what the client's connections met ({@code connections}: what it learned of the server's
     *                      keep-alive, retries, requests held at the connection limit or on a full event loop), or null
     */
    public record Ending(Instant endedAt, String partialReason, ClientCpu clientCpu,
            Map<String, Object> connections) { // JSON edge: client.ConnectionPolicy's and the lanes' own keys
        public Ending(Instant endedAt, String partialReason, ClientCpu clientCpu) {
            this(endedAt, partialReason, clientCpu, null);
        }

        public Ending {
            connections = connections == null ? null : Json.ordered(connections);
        }
    }

    public RunFile {
        if (startedAt == null || endpoint == null || load == null || workload == null || server == null) {
            throw new IllegalArgumentException("startedAt, endpoint, load, workload and server must be set");
        }
        if (ending != null && measured == null) {
            throw new IllegalArgumentException("only a measured run records its end");
        }
        labels = Json.ordered(labels == null ? Map.of() : labels); // run.json's key order must not vary with the JVM
        load = Json.ordered(load);
    }

    /** run.json's {@code tool}: which program wrote it. */
    public record Tool(String name, String version) {}

    /** This run as it ended at {@code endedAt}; {@code partialReason} says why it stopped early, or is null. */
    public RunFile ended(Instant endedAt, String partialReason) {
        return ended(endedAt, partialReason, null);
    }

    /** As {@link #ended(Instant, String)}, with the client's CPU by phase ({@code client_cpu}; null: none). */
    public RunFile ended(Instant endedAt, String partialReason, ClientCpu clientCpu) {
        return ended(endedAt, partialReason, clientCpu, null);
    }

    /** As {@link #ended(Instant, String, ClientCpu)}, with what the client's connections met ({@code connections}). */
    public RunFile ended(Instant endedAt, String partialReason, ClientCpu clientCpu,
            Map<String, Object> connections) { // JSON edge, as Ending's
        return new RunFile(startedAt, endpoint, requestIdPrefix, labels, load, workload, server, measured,
                new Ending(endedAt, partialReason, clientCpu, connections));
    }

    /** run.json's {@code load}: the model's own description, then the limits and the shard. */
    public static LoadBlock loadBlock(LoadModel model, RunLimits limits, Shard shard) {
        return new LoadBlock(model.description(), limits.requests() == 0 ? null : limits.requests(),
                limits.duration() == null ? null : limits.duration().toMillis() / 1e3, limits.warmupRequests(),
                limits.warmupDuration() == null ? null : limits.warmupDuration().toMillis() / 1e3, shard.toString(),
                limits.cooldownDuration() == null ? null : limits.cooldownDuration().toMillis() / 1e3);
    }

    /**
     * {@link #loadBlock} as the JSON object this record holds: a JSON edge, because {@link #ended} copies it through
     * {@code Json.ordered}, which keeps a {@link LinkedHashMap}'s order: the block's keys stay in {@link LoadBlock}'s order.
     */
    @SuppressWarnings("unchecked")
    // JSON edge: LoadBlock as the JSON object RunFile holds (see load)
    public static Map<String, Object> describeLoad(LoadModel model, RunLimits limits, Shard shard) {
        return Json.COMPACT.convertValue(loadBlock(model, limits, shard), LinkedHashMap.class);
    }

    /** Writes {@code dir/run.json} atomically, through the one writer ({@link RunDocument#write(Path)}). */
    public void write(Path dir) throws IOException {
        document().write(dir);
    }

    /** This run's run.json. */
    public RunDocument document() {
        // the records in toMap() as the JSON values a reader of the file sees (RunDocument's document holds those)
        return RunDocument.of(Json.COMPACT.convertValue(toMap(), LinkedHashMap.class));
    }

    /** The JSON object, keys in the contract's order (RunDocument's map: keys present by kind of run, not typed). */
    // JSON edge: run.json's object, handed to RunDocument (its one writer), which keeps it as a map
    Map<String, Object> toMap() {
        // JSON edge: as toMap()'s
        Map<String, Object> run = new LinkedHashMap<>();
        run.put(RunDocument.SCHEMA, SCHEMA);
        if (measured != null) {
            run.put(RunDocument.TOOL, new Tool("infergate", measured.toolVersion()));
        }
        run.put(RunDocument.STARTED_AT, startedAt.toString());
        if (measured != null) { // null until the end: a run.json still null here was killed (Completeness)
            run.put(RunDocument.ENDED_AT, ending == null ? null : ending.endedAt().toString());
        }
        run.putAll(Json.COMPACT.convertValue(endpoint.describe(), LinkedHashMap.class)); // its keys sit at the top level
        run.put(RunDocument.REQUEST_ID_PREFIX, requestIdPrefix);
        Map<String, String> shownLabels = new LinkedHashMap<>(); // a label may repeat a credential: never written
        dev.infergate.client.Redactor redactor = endpoint.redactor();
        labels.forEach((k, v) -> shownLabels.put(redactor.redact(k), redactor.redact(v)));
        run.put(RunDocument.LABELS, shownLabels);
        run.put(RunDocument.LOAD, load);
        run.put(RunDocument.WORKLOAD, workload);
        if (measured == null) {
            run.put(RunDocument.SERVER, server.describe());
            return run;
        }
        run.put(RunDocument.SLO, measured.slo().targets());
        Timeouts t = measured.timeouts();
        run.put(RunDocument.TIMEOUTS, new RunDocument.TimeoutSeconds(endpoint.connectTimeout().toMillis() / 1e3,
                t.firstToken().toMillis() / 1e3, t.idle().toMillis() / 1e3, t.total().toMillis() / 1e3));
        if (measured.timeouts().cancellations().enabled()) {
            run.put(RunDocument.CANCEL, measured.timeouts().cancellations().describe());
        }
        run.put(RunDocument.SERVER, server.describe());
        run.put(RunDocument.SERVER_METRICS_URL, measured.serverMetrics() == null ? null : measured.serverMetrics().toString());
        if (measured.gpuMetrics() != null) {
            run.put(RunDocument.GPU_METRICS_URL, measured.gpuMetrics().toString());
        }
        if (measured.condition() != null) {
            run.put(RunDocument.CONDITION, measured.condition());
        }
        if (measured.prefixWarmupRequests() > 0) {
            run.put(RunDocument.PREFIX_WARMUP_REQUESTS, measured.prefixWarmupRequests());
        }
        if (measured.clientWarmup() != null) {
            run.put(RunDocument.CLIENT_WARMUP, measured.clientWarmup().toJson());
        }
        if (ending != null && ending.clientCpu() != null) {
            run.put(RunDocument.CLIENT_CPU, ending.clientCpu().toJson());
        }
        if (ending != null && ending.connections() != null) {
            run.put(RunDocument.CONNECTIONS, ending.connections());
        }
        if (ending != null && ending.partialReason() != null) {
            run.put(RunDocument.PARTIAL, true);
            run.put(RunDocument.PARTIAL_REASON, ending.partialReason());
        }
        return run;
    }
}
