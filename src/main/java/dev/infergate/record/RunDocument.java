package dev.infergate.record;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.json.Json;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run directory's {@code run.json}: the one class that reads and writes it. Every writer (a measured run's
 * run/RunFile, imports/Imports, accept/ImportedBaseline, the {@code merge} command, scale/FleetMerge) builds or
 * edits one with the {@code with...} copies and writes it with {@link #write(Path)}; every reader gets the facts it
 * uses typed. The keys more than one class names are constants here, each spelled once.
 * Tolerant by design: every key may be absent, because run.json files from older versions and from imports
 * (imports/, with an {@link ImportedFrom} block) carry fewer keys; an absent fact reads as null (or empty), never as
 * an invented default. Keys this version does not know are kept, in place, and written back unchanged: the document
 * stays an ordered map underneath so that a file of any version (keys sorted, {@code tool} as version then name)
 * is copied byte for byte into summary.json's {@code run} block, a merge or an imported baseline.
 *
 * @param document        the whole document, keys in file order: a JSON edge, kept for the readers that copy or
 *                        rewrite run.json as it is (summary.json's {@code run} block, merge, the report's environment)
 * @param api             {@code chat}, {@code completions}, {@code responses}, {@code embeddings}, ... or null
 * @param model           the model id the requests named, or null
 * @param baseUrl         the base URL as used, or null
 * @param stream          whether responses were streamed, or null when the file does not say
 * @param labels          the user's key=value labels (empty when none)
 * @param condition       the matrix condition, or null
 * @param requestIdPrefix the prefix of the X-Request-Id headers sent, or null
 * @param endedAtKey      whether the file has the {@code ended_at} key at all (a measured run writes it null first)
 * @param endedAt         when the run ended, or null (still running, killed, or a file without the key)
 * @param partial         whether the run wrote that it stopped early
 * @param partialReason   why it stopped early, or null
 * @param slo             the goodput targets, or null
 * @param load            the load block, or null
 * @param workload        the workload block, each key with its value as text (each workload kind names its own keys:
 *                        preset, input and output lengths, prefix, dataset, ...), in file order; empty when absent
 * @param server          what the server said about itself, or null
 * @param clientWarmup    the client's own warm-up before the clock started, or null
 * @param clientCpu       the client's CPU by phase, or null (runs from before it was recorded, imports)
 * @param imported        the import block, or null when infergate measured the run
 */
public record RunDocument(Map<String, Object> document, // JSON edge: run.json as read, unknown keys kept and written back
        String api, String model, String baseUrl, Boolean stream,
        Map<String, String> labels, String condition, String requestIdPrefix, boolean endedAtKey, String endedAt,
        boolean partial, String partialReason, SloTargets slo, Load load, Map<String, String> workload, Server server,
        ClientWarmup clientWarmup, ClientCpuSeconds clientCpu, ImportedFrom imported) {

    private static final ObjectMapper JSON = Json.COMPACT;

    /** The {@code schema} value every run.json of this version writes. */
    public static final String SCHEMA_VERSION = "infergate.run/1";
    /** Top-level keys of run.json that more than one class writes or reads. */
    public static final String SCHEMA = "schema";
    public static final String STARTED_AT = "started_at";
    public static final String ENDED_AT = RunLog.ENDED_AT;
    public static final String BASE_URL = "base_url";
    public static final String MODEL = "model";
    public static final String API = "api";
    public static final String STREAM = "stream";
    public static final String DOCUMENTS = "documents";
    public static final String EXTRA_BODY = "extra_body";
    public static final String LABELS = "labels";
    public static final String LOAD = "load";
    public static final String WORKLOAD = "workload";
    public static final String CONDITION = "condition";
    public static final String PARTIAL = "partial";
    public static final String PARTIAL_REASON = "partial_reason";
    /** A merged run's shard directories ({@code merge}, the fleet). */
    public static final String SHARDS = "shards";
    /** A fleet's scale-out block (scale/FleetMerge). */
    public static final String SCALE_OUT = "scale_out";
    public static final String CLIENT_WARMUP = "client_warmup";
    public static final String CLIENT_CPU = "client_cpu";
    public static final String TIMEOUTS = "timeouts";
    public static final String TOOL = "tool";
    public static final String REQUEST_ID_PREFIX = "request_id_prefix";
    public static final String SLO = "slo";
    public static final String CANCEL = "cancel";
    public static final String SERVER = "server";
    public static final String SERVER_METRICS_URL = "server_metrics_url";
    public static final String GPU_METRICS_URL = "gpu_metrics_url";
    public static final String PREFIX_WARMUP_REQUESTS = "prefix_warmup_requests";
    public static final String CONNECTIONS = "connections";
    /** Keys of the {@code load} block that more than one class writes or reads. */
    public static final String LOAD_RATE_PER_SECOND = "rate_per_second";
    public static final String LOAD_SHARD = "shard";
    public static final String LOAD_REQUESTS = "requests";
    public static final String LOAD_DURATION_S = "duration_s";
    public static final String LOAD_WARMUP_REQUESTS = "warmup_requests";
    public static final String LOAD_WARMUP_S = "warmup_s";
    public static final String LOAD_COOLDOWN_S = "cooldown_s";
    public static final String LOAD_MODE = "mode";
    /** A piecewise schedule's segment length, seconds ({@code load.segments[].duration_seconds}). */
    public static final String SEGMENT_DURATION_SECONDS = "duration_seconds";
    public static final String LOAD_ARRIVAL = "arrival";
    public static final String LOAD_CONCURRENCY = "concurrency";
    public static final String LOAD_MAX_CONCURRENCY = "max_concurrency";
    public static final String LOAD_THINK_TIME_MS = "think_time_ms";
    public static final String LOAD_TURNS = "turns";
    public static final String LOAD_MAX_CONCURRENT_SESSIONS = "max_concurrent_sessions";
    /** The {@code ended_at} of an import: the file says when nothing ran, only that it is whole. */
    public static final String IMPORTED_ENDED_AT = "imported";

    public RunDocument {
        document = Collections.unmodifiableMap(new LinkedHashMap<>(document));
        labels = Json.ordered(labels == null ? Map.of() : labels);
        workload = Json.ordered(workload == null ? Map.of() : workload);
    }

    /**
     * run.json's {@code slo} block, milliseconds; a null target is not set.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record SloTargets(@JsonProperty("ttft_ms") Double ttftMs, @JsonProperty("tpot_ms") Double tpotMs,
            @JsonProperty("e2e_ms") Double e2eMs) {}

    /**
     * run.json's {@code load} block: the keys every load model's block may carry; the model's own keys (concurrency,
     * rate, arrival, ...) are in {@link #keys()}.
     *
     * @param mode           {@code closed}, {@code open}, {@code sessions}, ... or null
     * @param ratePerSecond  an open loop's mean arrival rate, or null
     * @param arrival        an open loop's arrival process ({@code poisson}, {@code constant}, ...), or null
     * @param requests       the measured requests asked for, or null when the run was limited by time
     * @param durationS      the measured seconds asked for, or null
     * @param warmupRequests the warm-up requests, or null
     * @param warmupS        the warm-up seconds, or null
     * @param shard          {@code i/n}, or null
     * @param turns          turns per session (session loads), or null
     * @param segments       a piecewise schedule's segments (burst loads), in order; empty for any other load
     * @param keys           every key of the block with its value as text ({@code String.valueOf} of the JSON value
     *                       as Jackson reads it), in file order
     */
    public record Load(String mode, Double ratePerSecond, String arrival, Long requests, Double durationS, Long warmupRequests, Double warmupS, String shard,
            Integer turns, List<Segment> segments, Map<String, String> keys) {
        public Load {
            segments = segments == null ? List.of() : List.copyOf(segments);
            keys = Json.ordered(keys == null ? Map.of() : keys);
        }
    }

    /** One segment of a piecewise schedule ({@code load.segments}): how long it lasted, seconds, or null. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Segment(@JsonProperty(SEGMENT_DURATION_SECONDS) Double durationSeconds) {}

    /** run.json's {@code server} block: the server's version and, when the given base URL had no /models, that URL. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Server(@JsonProperty("server_version") String serverVersion,
            @JsonProperty("base_url_given") String baseUrlGiven) {}

    /** run.json's {@code timeouts} block (written by run/RunFile): the per-request limits, seconds. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record TimeoutSeconds(@JsonProperty("connect_s") Double connectS, @JsonProperty("ttft_s") Double ttftS,
            @JsonProperty("idle_s") Double idleS, @JsonProperty("total_s") Double totalS) {}

    /** run.json's {@code client_warmup} block (run/ClientWarmup): requests sent to a loopback stub, wall and CPU seconds. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ClientWarmup(Long requests, Long failed, @JsonProperty("wall_s") Double wallS,
            @JsonProperty("cpu_s") Double cpuS) {}

    /**
     * run.json's {@code client_cpu} block (run/ClientCpu), seconds of process CPU by phase, and the whole machine's CPU
     * over the load with its cores; null where absent.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    public record ClientCpuSeconds(@JsonProperty("startup_s") Double startupS, @JsonProperty("warmup_s") Double warmupS,
            @JsonProperty("load_s") Double loadS, @JsonProperty("load_wall_s") Double loadWallS,
            @JsonProperty("machine_busy_share") Double machineBusyShare, @JsonProperty("cores") Integer cores) {
        public ClientCpuSeconds(Double startupS, Double warmupS, Double loadS) {
            this(startupS, warmupS, loadS, null);
        }

        public ClientCpuSeconds(Double startupS, Double warmupS, Double loadS, Double loadWallS) {
            this(startupS, warmupS, loadS, loadWallS, null, null);
        }

        /** The client's own cores busy on average over the load, or null where not recorded. */
        public Double clientCores() {
            return loadS == null || loadWallS == null || loadWallS <= 0 ? null : loadS / loadWallS;
        }
    }

    /** The keys read with Jackson into typed fields; the rest of the document is left to {@link #document()}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    private record Fields(@JsonProperty(API) String api, @JsonProperty(MODEL) String model,
            @JsonProperty(BASE_URL) String baseUrl, @JsonProperty(STREAM) Boolean stream,
            @JsonProperty(LABELS) Map<String, String> labels, @JsonProperty(CONDITION) String condition,
            @JsonProperty(REQUEST_ID_PREFIX) String requestIdPrefix,
            @JsonProperty(ENDED_AT) String endedAt, @JsonProperty(PARTIAL) Boolean partial,
            @JsonProperty(PARTIAL_REASON) String partialReason, @JsonProperty(SLO) SloTargets slo, @JsonProperty(LOAD) LoadFields load,
            @JsonProperty(SERVER) Server server,
            @JsonProperty(CLIENT_WARMUP) ClientWarmup clientWarmup, @JsonProperty(CLIENT_CPU) ClientCpuSeconds clientCpu, @JsonProperty(ImportedFrom.KEY) ImportedFrom imported) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    private record LoadFields(@JsonProperty(LOAD_MODE) String mode,
            @JsonProperty(LOAD_RATE_PER_SECOND) Double ratePerSecond, @JsonProperty(LOAD_ARRIVAL) String arrival,
            @JsonProperty(LOAD_REQUESTS) Long requests, @JsonProperty(LOAD_DURATION_S) Double durationS,
            @JsonProperty(LOAD_WARMUP_REQUESTS) Long warmupRequests, @JsonProperty(LOAD_WARMUP_S) Double warmupS,
            @JsonProperty(LOAD_SHARD) String shard, @JsonProperty(LOAD_TURNS) Integer turns, List<Segment> segments) {}

    /**
     * Reads {@code runDir/run.json}.
     *
     * @throws IllegalArgumentException when it is missing, not JSON, or a key has a value of the wrong kind (one line
     *                                  naming the file)
     */
    public static RunDocument read(Path runDir) {
        Path file = runDir.resolve(RunLog.RUN_FILE);
        // JSON edge: the file as read, every key kept
        Map<String, Object> document;
        try {
            // JSON edge: the file as read, every key kept
            document = JSON.readValue(Files.readString(file), new TypeReference<LinkedHashMap<String, Object>>() {});
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + " does not exist; is " + runDir + " a run directory?", e);
        } catch (JsonProcessingException e) { // its getMessage() spans lines
            throw new IllegalArgumentException(file + " is not valid JSON: " + e.getOriginalMessage().replaceAll("\\s+", " ")
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"), e);
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(file + " is not valid UTF-8 text; is it a run.json written by infergate?", e);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + " cannot be read: " + e, e);
        }
        try {
            return of(document);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + " has a key of an unexpected kind: "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""), e);
        }
    }

    /** The typed view of a run.json document already read (an import being written, a merge). */
    public static RunDocument of(Map<String, Object> document) { // JSON edge: the one every reader and writer goes through
        Fields f = JSON.convertValue(document, Fields.class);
        Load load = null;
        if (f.load() != null) {
            LoadFields l = f.load();
            load = new Load(l.mode(), l.ratePerSecond(), l.arrival(), l.requests(), l.durationS(), l.warmupRequests(), l.warmupS(), l.shard(), l.turns(),
                    l.segments(), texts(document.get(LOAD)));
        }
        return new RunDocument(document, f.api(), f.model(), f.baseUrl(), f.stream(), f.labels(), f.condition(),
                f.requestIdPrefix(), document.containsKey(ENDED_AT), f.endedAt(), Boolean.TRUE.equals(f.partial()),
                f.partialReason(), f.slo(), load, texts(document.get(WORKLOAD)), f.server(), f.clientWarmup(), f.clientCpu(),
                f.imported());
    }

    /**
     * The run.json of an import ({@code ended_at: imported}): the tool and file it came from, the model and API when
     * the file names them; the importer adds its {@code load} and {@code labels}.
     */
    public static RunDocument imported(ImportedFrom imported, String model, String api) {
        // JSON edge: an import's run.json before its typed view
        Map<String, Object> run = new LinkedHashMap<>();
        run.put(SCHEMA, SCHEMA_VERSION);
        run.put(ImportedFrom.KEY, imported);
        run.put(BASE_URL, null);
        run.put(MODEL, model);
        run.put(API, api);
        run.put(STREAM, true);
        run.put(ENDED_AT, IMPORTED_ENDED_AT);
        return of(run);
    }

    /** Writes {@code dir/run.json} atomically (record.AtomicFiles), indented, keys in this document's order. */
    public void write(Path dir) throws IOException {
        AtomicFiles.writeJson(Json.PRETTY, dir.resolve(RunLog.RUN_FILE), document);
    }

    /** This document with {@code key} set: in its place when present, else last (as a JSON object edit keeps it). */
    private RunDocument with(String key, Object value) {
        // JSON edge: the document edited as a JSON object, each key in its place
        Map<String, Object> edited = new LinkedHashMap<>(document);
        edited.put(key, value);
        return of(edited);
    }

    /** With {@code started_at}. */
    public RunDocument withStartedAt(String startedAt) {
        return with(STARTED_AT, startedAt);
    }

    /** With {@code ended_at}. */
    public RunDocument withEndedAt(String endedAt) {
        return with(ENDED_AT, endedAt);
    }

    /** With the {@code labels} block (a JSON edge: labels are the user's words, copied as the file has them). */
    public RunDocument withLabels(Map<String, ?> labels) {
        return with(LABELS, labels == null ? null : Json.ordered(labels));
    }

    /** With the {@code load} block (a JSON edge: each load model and each imported tool names its own keys). */
    public RunDocument withLoad(Map<String, ?> load) {
        return with(LOAD, load == null ? null : Json.ordered(load));
    }

    /** With the load block's {@code shard} set (in its place); unchanged when the document has no load block. */
    public RunDocument withLoadShard(String shard) {
        if (!(document.get(LOAD) instanceof Map<?, ?> block)) {
            return this;
        }
        // JSON edge: each load model and imported tool names its own load keys
        Map<String, Object> load = new LinkedHashMap<>();
        block.forEach((k, v) -> load.put(String.valueOf(k), v));
        load.put(LOAD_SHARD, shard);
        return with(LOAD, load);
    }

    /** With the {@code condition}: in its place when present, else last. */
    public RunDocument withCondition(String condition) {
        return with(CONDITION, condition);
    }

    /** With the {@code imported} block (what was imported, what the import lacks). */
    public RunDocument withImported(ImportedFrom imported) {
        return with(ImportedFrom.KEY, imported);
    }

    /** With the shard directories a merged run was built from ({@code shards}). */
    public RunDocument withShards(List<String> shards) {
        return with(SHARDS, List.copyOf(shards));
    }

    /** With a fleet's {@code scale_out} block. */
    public RunDocument withScaleOut(ScaleOut scaleOut) {
        return with(SCALE_OUT, scaleOut);
    }

    /** The {@code scale_out} block of a merged fleet run, or null for any other run. */
    public ScaleOut scaleOut() {
        Object block = document.get(SCALE_OUT);
        return block == null ? null : JSON.convertValue(block, ScaleOut.class);
    }

    /**
     * As stopped early for {@code reason} ({@code partial: true} and {@code partial_reason}, last), or as whole when
     * {@code reason} is null (both keys removed): any earlier word on it is dropped first.
     */
    public RunDocument withPartialReason(String reason) {
        // JSON edge: the document edited as a JSON object, each key in its place
        Map<String, Object> edited = new LinkedHashMap<>(document);
        edited.remove(PARTIAL);
        edited.remove(PARTIAL_REASON);
        if (reason != null) {
            edited.put(PARTIAL, true);
            edited.put(PARTIAL_REASON, reason);
        }
        return of(edited);
    }

    /** A block's keys with their values as text ({@code String.valueOf} of the value Jackson read); empty for none. */
    private static Map<String, String> texts(Object block) {
        Map<String, String> out = new LinkedHashMap<>();
        if (block instanceof Map<?, ?> m) {
            m.forEach((k, v) -> out.put(String.valueOf(k), String.valueOf(v)));
        }
        return out;
    }

    /**
     * The turns each session of a run was meant to run: {@code load.turns}, or 0 when the run is not an agent-session
     * run (then the most turns seen in any session stand in for it).
     */
    public int turnsPerSession() {
        return load == null || load.turns() == null ? 0 : load.turns();
    }

    /**
     * The extra request-body fields sent with every request ({@code extra_body}), as text ({@code String.valueOf} of the
     * JSON object as Jackson read it), or null when none were sent. The fields are the user's, so no type is imposed.
     */
    public String extraBody() {
        Object body = document.get(EXTRA_BODY);
        return body == null ? null : String.valueOf(body);
    }

    /** The APIs that generate no output tokens: they are scored or pooled, so no TTFT, ITL or TPOT. */
    public static final java.util.Set<String> NON_GENERATING_APIS = java.util.Set.of("embeddings", "rerank", "score");

    /** Whether the run generates output (every API but embeddings, rerank and score); a file that names no API does. */
    public boolean generates() {
        return api == null || !NON_GENERATING_APIS.contains(api); // Set.of refuses a null lookup
    }

    /** Documents per request of a rerank or score run (run.json's {@code documents}), or 0 for any other run. */
    public int documents() {
        return document.get(DOCUMENTS) instanceof Number n ? n.intValue() : 0;
    }

    /**
     * run.json's {@code connections} block (client.ConnectionPolicy and the lanes of client.HttpExecutor): what the
     * client's connections met. Each count null where the block or the key is absent (older runs, imports).
     *
     * @param eventLoops             the client's I/O threads
     * @param heldAtConnectionLimit  requests held because every event loop's connections were in use: the client's limit
     * @param heldOnFullLoop         requests held on a full event loop while another had room (a lane hold)
     * @param waitedForBusyConnection requests handed a pooled connection that was still busy when they asked for one
     * @param clientRetries          requests sent again after a kept-alive connection was lost unanswered
     * @param connectionsOpened      connections opened over the whole run, warm-ups included
     */
    public record Connections(Integer eventLoops, Long heldAtConnectionLimit, Long heldOnFullLoop,
            Long waitedForBusyConnection, Long clientRetries, Long connectionsOpened) {
        public Connections(Integer eventLoops, Long heldAtConnectionLimit, Long heldOnFullLoop,
                Long waitedForBusyConnection, Long clientRetries) {
            this(eventLoops, heldAtConnectionLimit, heldOnFullLoop, waitedForBusyConnection, clientRetries, null);
        }
    }

    /** The {@code connections} block, or null when run.json has none. */
    public Connections connections() {
        if (!(document.get(CONNECTIONS) instanceof Map<?, ?> m)) {
            return null;
        }
        Long loops = count(m.get("event_loops"));
        return new Connections(loops == null ? null : loops.intValue(), count(m.get("held_at_connection_limit")),
                count(m.get("held_on_full_loop")), count(m.get("waited_for_busy_connection")),
                count(m.get("client_retries")), count(m.get("connections_opened")));
    }

    private static Long count(Object value) {
        return value instanceof Number n ? n.longValue() : null;
    }
}
