package dev.infergate.accept;

import dev.infergate.analysis.Slo;
import dev.infergate.client.Api;
import dev.infergate.client.ApiKeys;
import dev.infergate.client.Endpoint;
import dev.infergate.client.EventLoops;
import dev.infergate.load.LoadModel;
import dev.infergate.load.RunLimits;
import dev.infergate.load.Shard;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.run.RunPlan;
import dev.infergate.run.RunService;
import dev.infergate.workload.PrefixMode;
import dev.infergate.workload.Preset;
import dev.infergate.workload.WorkloadDefinition;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one measured run against one side of a plan through {@link RunService}: everything but the side,
 * the work shape and the load is taken from the plan, so baseline and candidate get identical schedules,
 * prompts and seeds.
 */
final class SideRunner {
    static final String API_KEY_ENV = ApiKeys.DEFAULT_ENV;

    private final AcceptPlan plan;
    private final int eventLoops;
    /** Makes this acceptance's fresh prompts its own: an earlier acceptance on the same servers warmed none of them. */
    private final long promptNonce = new java.security.SecureRandom().nextLong();
    private final TraceRows traces;

    SideRunner(AcceptPlan plan) {
        this.plan = plan;
        this.eventLoops = EventLoops.perCore(); // as --event-loops' default: the same client as 'infergate run'
        this.traces = new TraceRows(plan);
    }

    /** The plan's trace rows: one context for both sides, a pace per load level. */
    TraceRows traces() {
        return traces;
    }

    /** The endpoint every side is reached at instead of its plan entry (infergate capacity's options), or null. */
    private Endpoint fixed;
    private String apiKeyEnv = API_KEY_ENV;
    private boolean apiKeySet = apiKey() != null;

    private dev.infergate.run.RunWatch watch = dev.infergate.run.RunWatch.NONE;

    /** Watches every run from now on (the live view), or none. */
    void watchWith(dev.infergate.run.RunWatch watch) {
        this.watch = watch == null ? dev.infergate.run.RunWatch.NONE : watch;
    }

    /** Reaches every side at {@code endpoint} from now on, with the key from {@code keyEnv}; before any run. */
    void reachAt(Endpoint endpoint, String keyEnv, boolean keySet) {
        this.fixed = endpoint;
        this.apiKeyEnv = keyEnv;
        this.apiKeySet = keySet;
    }

    /** The endpoint each side is reached at instead of its plan entry ({@code infergate sweep}'s two sides), if any. */
    private final Map<AcceptPlan.Side, Endpoint> reached = new java.util.HashMap<>();

    /**
     * Reaches each side of {@code endpoints} at its endpoint (the command line's headers, TLS and timeouts on both
     * sides), with the key from {@code keyEnv}; before any run.
     */
    void reachAt(Map<AcceptPlan.Side, Endpoint> endpoints, String keyEnv, boolean keySet) {
        this.reached.putAll(endpoints);
        this.apiKeyEnv = keyEnv;
        this.apiKeySet = keySet;
    }

    /** Runs independent requests of {@code workload} and returns the run's records (warm-up included). */
    List<RequestRecord> run(AcceptPlan.Side side, Preset workload, PrefixMode prefix, LoadModel load, RunLimits limits,
            String condition, Path dir) throws RunService.SetupException, IOException {
        return run(side, new MatrixWorkload.Requests(workload), prefix, load, limits, condition, dir);
    }

    /**
     * Runs {@code workload} and returns the run's records (warm-up included). Agent sessions need a
     * {@link dev.infergate.load.SessionLoop}; {@code prefix} then sets whether they share the system prompt.
     */
    List<RequestRecord> run(AcceptPlan.Side side, MatrixWorkload workload, PrefixMode prefix, LoadModel load, RunLimits limits,
            String condition, Path dir) throws RunService.SetupException, IOException {
        return run(side, workload, prefix, load, limits, condition, dir, null);
    }

    /** As {@link #run(AcceptPlan.Side, MatrixWorkload, PrefixMode, LoadModel, RunLimits, String, Path)}, telling {@code onStart} of the live run too (null: nothing). */
    List<RequestRecord> run(AcceptPlan.Side side, MatrixWorkload workload, PrefixMode prefix, LoadModel load, RunLimits limits,
            String condition, Path dir, java.util.function.Consumer<dev.infergate.load.RunContext> onStart)
            throws RunService.SetupException, IOException {
        WorkloadDefinition.Builder builder = WorkloadDefinition.builder().seed(plan.seed())
                .promptSalt(promptSalt(condition, dir));
        if (workload instanceof MatrixWorkload.Trace trace) {
            builder.trace(traces.resolved(trace.trace())); // the trace brings its own prefix sharing
        } else if (workload instanceof MatrixWorkload.Agent agent) {
            builder.prefix(prefix);
            builder.sessions(agent.shape(prefix)).outputTokens(agent.outputTokens());
        } else {
            builder.prefix(prefix).preset(((MatrixWorkload.Requests) workload).preset()).media(plan.media()); // images: rows of requests only
        }
        WorkloadDefinition definition = builder.build();
        Endpoint endpoint = fixed != null ? fixed : reached.containsKey(side) ? reached.get(side) : endpoint(side);
        RunPlan run = new RunPlan(endpoint, definition, plan.tokenizer(), load, limits, Shard.ALL, plan.timeouts(), plan.slo(),
                side.labels(), condition, dir, true, 10, eventLoops, apiKeyEnv, apiKeySet,
                URI.create(endpoint.rootUrl("/metrics")), null);
        try (dev.infergate.run.RunWatch.Session session = watch.open(run)) {
            new RunService().execute(run, context -> {
                if (onStart != null) {
                    onStart.accept(context);
                }
                session.started(context);
            });
        }
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(dir, records::add);
        return records;
    }

    /**
     * The same salt for both sides of one condition and repeat (they get the same prompts), another for every
     * other run: a repeat must not find the previous repeat's "fresh" prompts in the server's prefix cache.
     */
    long promptSalt(String condition, Path dir) {
        long h = promptNonce;
        for (String part : new String[] {condition, String.valueOf(dir.getFileName())}) {
            h = h * 0x9E3779B97F4A7C15L + (part == null ? 0 : part.hashCode());
        }
        return h == 0 ? 1 : h;
    }

    /** Limits of a matrix run: the plan's requests after its warm-up requests. */
    RunLimits matrixLimits() {
        return new RunLimits(plan.requests(), null, plan.warmupRequests(), null, plan.drainTimeout());
    }

    /** Limits of a timed run: {@code measured} after {@code warmup}. */
    RunLimits timedLimits(Duration measured, Duration warmup) {
        return new RunLimits(0, measured, 0, warmup == null || warmup.isZero() ? null : warmup, plan.drainTimeout());
    }

    Slo slo() {
        return plan.slo();
    }

    static Endpoint endpoint(AcceptPlan.Side side) {
        Map<String, String> headers = new LinkedHashMap<>();
        String key = apiKey();
        if (key != null) {
            headers.put("Authorization", "Bearer " + key);
        }
        headers.put("Accept-Encoding", "gzip, deflate"); // as users' clients ask (the OpenAI SDKs): docs/pitfalls.md
        return new Endpoint(URI.create(side.url()), Api.parse(side.api()), side.model(), true, headers, null, false, false,
                Duration.ofSeconds(10)).withExtraBody(side.extraBody());
    }

    private static String apiKey() {
        return ApiKeys.read(API_KEY_ENV);
    }
}
