package dev.infergate.run;

import dev.infergate.analysis.Summarizer;
import dev.infergate.analysis.Summary;
import dev.infergate.client.Endpoint;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.infergate.json.Json;
import dev.infergate.client.HttpExecutor;
import dev.infergate.client.MetricsScraper;
import dev.infergate.client.OpenedEndpoint;
import dev.infergate.client.Preflight;
import dev.infergate.client.RequestEncoder;
import dev.infergate.client.ServerTokenizer;
import dev.infergate.load.RunContext;
import dev.infergate.load.Runner;
import dev.infergate.record.RunLog;
import dev.infergate.workload.BundledTokenizer;
import dev.infergate.workload.FileTokenizer;
import dev.infergate.workload.RequestSpec;
import dev.infergate.workload.Tokenizer;
import dev.infergate.workload.Workload;
import dev.infergate.workload.WorkloadDescription;
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One measured run end to end: preflight, run.json, the load, then summary.json built from the log.
 * Set-up problems surface as {@link SetupException} with a one-line message that names the fix.
 */
public final class RunService {
    /** The tool version recorded with every result. */
    public static final String VERSION = versionOf();

    /** A problem before the first request: bad input or an endpoint that cannot be used. */
    public static final class SetupException extends Exception {
        private static final long serialVersionUID = 1L;
        private final boolean usage;

        public SetupException(String message, boolean usage, Throwable cause) {
            super(message, cause);
            this.usage = usage;
        }

        /** True for bad input (exit 2), false when the endpoint cannot be used (exit 3). */
        public boolean usage() {
            return usage;
        }
    }

    /** The result of a run. */
    public record Result(Runner.Outcome outcome, Summary summary) {}

    /**
     * requests.jsonl could not be written (disk full, I/O error): the run stopped scheduling, let the requests
     * in flight finish, and kept what it could. The message is one line: where, why, how many records were
     * kept and lost, and whether summary.json was written.
     */
    public static final class LogFailed extends IOException {
        private static final long serialVersionUID = 1L;

        LogFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** A plan's tokenizer {@code file:PATH}: a model's tokenizer.json ({@code --tokenizer-file}). */
    public static final String FILE_TOKENIZER = "file:";

    /** How far ahead of the end of set-up the schedule's origin lies. */
    static final long START_LEAD_NANOS = 50_000_000L;

    private volatile Runner runner;
    private volatile boolean stopRequested;
    private boolean abandoned; // guarded by this
    private Instant startAt;
    private StartGate startGate;
    private ClientWarmup.Budget clientWarmup = ClientWarmup.Budget.DEFAULT;

    /**
     * Sets the warm-up of the client's request path before the clock starts ({@link ClientWarmup}); null turns it
     * off (the first requests then pay for class loading and show it as client lag).
     */
    public RunService withClientWarmup(ClientWarmup.Budget budget) {
        this.clientWarmup = budget;
        return this;
    }

    /**
     * Starts the schedule at a wall-clock instant instead of as soon as set-up is done, so that the
     * workers of a sharded run (one per machine) start together. Clocks agree only as well as NTP keeps
     * them (typically within a few ms); each worker still measures with its own monotonic clock.
     */
    public RunService startingAt(Instant instant) {
        this.startAt = instant;
        return this;
    }

    /** Waits at a scale-out barrier once set-up is done (see {@link StartGate}); null: no barrier. */
    public RunService gatedBy(StartGate gate) {
        this.startGate = gate;
        return this;
    }

    /**
     * Runs {@code plan}; blocks until every request has a record and the summary is written.
     *
     * @param onStart called with the live run (progress display) once scheduling starts; may be null
     */
    public Result execute(RunPlan plan, Consumer<RunContext> onStart) throws SetupException, IOException {
        if (Files.exists(plan.out().resolve(RunLog.REQUESTS_FILE))) {
            throw new SetupException(plan.out() + " already holds a run; pass another --out or remove it", true, null);
        }
        Files.createDirectories(plan.out());
        int connections = plan.load().maxInFlight() > 0 ? plan.load().maxInFlight() : dev.infergate.load.ClientBounds.DEFAULT_MAX_IN_FLIGHT;
        try (OpenedEndpoint opened = open(plan, connections)) {
            HttpExecutor http = opened.http();
            Preflight.Result server = opened.server();
            plan = TraceContext.resolve(plan, http);
            Tokenizer tokenizer = tokenizer(plan.tokenizer(), http);
            Workload workload;
            try {
                workload = plan.workload().create(tokenizer);
                if (tokenizer instanceof ServerTokenizer st && plan.workload().dataset() == null
                        && workload.describe().tokenizerFacts() != null
                        && !workload.describe().tokenizerFacts().inputLengthsExact()) {
                    // the server's tokenizer is not additive over words: exact prompts would need a network
                    // call per request, on the hot path; build them with the bundled tokenizer instead, unless the
                    // user asked for the server's by name: then say so rather than run with other lengths
                    if ("server".equals(plan.tokenizer())) {
                        throw new SetupException("--tokenizer server: the server's tokenizer (" + st.dialect().key()
                                + ") does not count a run of words as the sum of its words, so prompt lengths cannot be"
                                + " exact without a tokenizer call per request; use --tokenizer auto (lengths estimated"
                                + " with cl100k_base) or --tokenizer-file with the model's tokenizer.json", true, null);
                    }
                    workload = plan.workload().create(BundledTokenizer.cl100k());
                    tokenizer = BundledTokenizer.cl100k();
                }
            } catch (IllegalArgumentException e) {
                throw new SetupException(e.getMessage(), true, e);
            }
            MediaCheck.run(workload, plan.workload().media(), plan.workload().seed(), http);
            Instant startedAt = startAt != null ? startAt : Instant.now();
            int warmed = warmPrefixes(workload, http);
            // every lazy step before the clock: the output counter's tokenizer, then the request path itself
            BundledTokenizer outputCounter = BundledTokenizer.cl100k();
            long warmupStartCpu = ClientCpu.processCpuNanos();
            ClientWarmup.Result clientWarmed = clientWarmup == null ? null
                    : ClientWarmup.run(http.endpoint(), workload, plan.eventLoops(), clientWarmup);
            RunFile runFile = runFile(plan, startedAt, server, workload, http, warmed, clientWarmed,
                    tokenizer instanceof ServerTokenizer st ? st : null);
            long warmupEndCpu = ClientCpu.processCpuNanos();
            runFile.write(plan.out()); // before the first request, ended_at null
            awaitGate();
            waitForStart();
            // the origin lies a little ahead, so the run's own set-up (record writer, client, scheduler) is done
            // before the first request is due, not counted as that request's lag
            long origin = System.nanoTime() + START_LEAD_NANOS;
            if (startGate != null) {
                startGate.started(Instant.now()); // the origin follows by START_LEAD_NANOS, the same on every worker
            }
            Runner r = new Runner(http, workload, plan.load(), plan.limits(), plan.shard(),
                    new Runner.RequestSettings(plan.timeouts(), server.exactOutput(), plan.eventSampleEvery(),
                            plan.eventSampleEvery() == 1 ? Integer.MAX_VALUE : 500, // 1 (or 'all'): every request
                            plan.condition()));
            synchronized (this) {
                if (abandoned) { // stopped during the set-up: nothing was measured, and nothing will be
                    throw new SetupException("interrupted before the first request", false, null);
                }
                runner = r;
                if (stopRequested) {
                    r.stop();
                }
            }
            Runner.Outcome outcome;
            long loadStartCpu = ClientCpu.processCpuNanos();
            ClientCpu.machineBusyShareSinceLastCall(); // the mark: the call after the load covers the load alone
            long loadStartNanos = System.nanoTime();
            try (MetricsScraper scraper = plan.serverMetrics() == null ? null
                    : new MetricsScraper(plan.serverMetrics(), http.endpoint(), MetricsScraper.DEFAULT_INTERVAL, origin,
                            plan.out()).fetchingSimulatorDelays(http.requestIdPrefix()).start();
                    MetricsScraper gpu = plan.gpuMetrics() == null ? null
                    : new MetricsScraper(plan.gpuMetrics(), http.endpoint(), MetricsScraper.DEFAULT_INTERVAL, origin,
                            plan.out(), RunLog.GPU_METRICS_FILE).start()) {
                outcome = r.run(plan.out(), origin, outputCounter::count, onStart);
            }
            ClientCpu cpu = ClientCpu.of(warmupStartCpu, warmupEndCpu, loadStartCpu, ClientCpu.processCpuNanos(), loadStartNanos,
                    System.nanoTime()).withMachine(ClientCpu.machineBusyShareSinceLastCall());
            return finish(plan, runFile, outcome, cpu, connections(http));
        }
    }

    private void awaitGate() {
        if (startGate == null) {
            return;
        }
        try {
            Instant published = startGate.awaitStart(this::stop);
            if (published == null) {
                stop();
            } else {
                startAt = published;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop();
        }
    }

    private void waitForStart() {
        if (startAt == null) {
            return;
        }
        long millis;
        while (!stopRequested && (millis = Duration.between(Instant.now(), startAt).toMillis()) > 0) {
            try {
                Thread.sleep(Math.min(millis, 100));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Sends each shared prefix of the pool once (non-streaming, one output token, not recorded) so the first
     * measured request of every prefix group can hit the cache: with {@code --cache-mix}, warm requests are
     * then warm from the start. Returns how many were answered; failures are left to the run to show.
     */
    private static int warmPrefixes(Workload workload, HttpExecutor http) {
        int answered = 0;
        for (RequestSpec spec : workload.prefixWarmups()) {
            Endpoint e = http.endpoint();
            Endpoint plain = new Endpoint(e.baseUrl(), e.api(), e.model(), false,
                    e.headers(), e.caCert(), e.insecure(), e.http2(), e.connectTimeout());
            String body = new String(RequestEncoder.encode(spec, plain, false),
                    StandardCharsets.UTF_8);
            try {
                if (http.call(HttpMethod.POST, e.url(e.api().path()), body,
                        Duration.ofMinutes(2)).status() / 100 == 2) {
                    answered++;
                }
            } catch (IOException ex) {
                // the measured requests will show the problem with its error class
            }
        }
        return answered;
    }

    /**
     * Stops the run (SIGTERM, Ctrl-C) and says whether it had not begun measuring: then it never will, and the
     * caller need not wait for it (the set-up, a preflight waiting on a silent server, has nothing to save).
     * Otherwise as {@link #stop()}.
     */
    public synchronized boolean stopBeforeMeasuring() {
        stop();
        if (runner == null) {
            abandoned = true;
            return true;
        }
        return false;
    }

    /** Stops the run in progress (Ctrl-C): no new requests, a short grace period, then a partial summary. */
    public void stop() {
        stopRequested = true;
        Runner r = runner;
        if (r != null) {
            r.stop();
        }
    }

    /**
     * Input lengths are exact for the server only when the server's own tokenizer made the prompts: exact under
     * cl100k they are off by the difference between the two tokenizers (see summary.json's
     * prompt_tokens_vs_intended for by how much).
     */
    static WorkloadDescription lengthsVersusServer(WorkloadDescription described, ServerTokenizer serverTokenizer) {
        WorkloadDescription.TokenizerFacts facts = described.tokenizerFacts();
        if (facts != null && facts.tokenizer().startsWith("file:")) {
            // the model's own tokenizer.json: the server's vocabulary, so the workload's exactness stands
            return new ServerLengths(described, null, "tokenizer.json");
        } else if (serverTokenizer == null) {
            return facts == null ? new ServerLengths(described, false, null)
                    : described.withTokenizerFacts(facts.withInputLengthsExact(false));
        }
        return new ServerLengths(described, null, serverTokenizer.dialect().key());
    }

    /**
     * A workload block as measured against the server: the workload's own keys, then {@code input_lengths_exact: false}
     * for a kind that counted no lengths, or the server's {@code tokenize_dialect}; each absent when not said.
     */
    record ServerLengths(@JsonUnwrapped WorkloadDescription workload,
            @JsonProperty("input_lengths_exact") @JsonInclude(JsonInclude.Include.NON_NULL) Boolean inputLengthsExact,
            @JsonProperty("tokenize_dialect") @JsonInclude(JsonInclude.Include.NON_NULL) String tokenizeDialect)
            implements WorkloadDescription {
        @Override
        public WorkloadDescription.TokenizerFacts tokenizerFacts() {
            return workload.tokenizerFacts();
        }

        @Override
        public ServerLengths withTokenizerFacts(WorkloadDescription.TokenizerFacts facts) {
            return new ServerLengths(workload.withTokenizerFacts(facts), inputLengthsExact, tokenizeDialect);
        }
    }

    /** The client on the plan's endpoint, checked by the preflight; a failed check is a set-up problem. */
    private static OpenedEndpoint open(RunPlan plan, int connections) throws SetupException {
        try {
            return OpenedEndpoint.open(plan.endpoint(), connections, plan.eventLoops(), plan.exactOutput(), plan.apiKeyEnv(),
                    plan.apiKeySet());
        } catch (Preflight.Failure f) {
            throw new SetupException(f.getMessage(), false, f);
        }
    }

    private static Tokenizer tokenizer(String choice, HttpExecutor http) throws SetupException {
        String name = choice == null ? "auto" : choice;
        if (name.startsWith(FILE_TOKENIZER)) { // --tokenizer-file: the model's own tokenizer.json
            try {
                return FileTokenizer.load(java.nio.file.Path.of(name.substring(FILE_TOKENIZER.length())));
            } catch (IllegalArgumentException e) {
                throw new SetupException(e.getMessage(), true, e);
            }
        }
        if (name.equals("auto") || name.equals("server")) {
            ServerTokenizer server = ServerTokenizer.detect(http);
            if (server != null) {
                return server;
            }
            if (name.equals("server")) {
                throw new SetupException("--tokenizer server: " + http.endpoint().rootUrl("/tokenize")
                        + " does not answer with a token count; use --tokenizer auto or cl100k_base", true, null);
            }
            return BundledTokenizer.cl100k();
        }
        try {
            return BundledTokenizer.named(name);
        } catch (IllegalArgumentException e) {
            throw new SetupException(e.getMessage(), true, e);
        }
    }

    private static RunFile runFile(RunPlan plan, Instant startedAt, Preflight.Result server, Workload workload,
            HttpExecutor http, int prefixWarmups, ClientWarmup.Result clientWarmup, ServerTokenizer serverTokenizer) {
        return new RunFile(startedAt, http.endpoint(), http.requestIdPrefix(), plan.labels(),
                RunFile.describeLoad(plan.load(), plan.limits(), plan.shard()),
                lengthsVersusServer(workload.describe(), serverTokenizer), server,
                new RunFile.Measured(VERSION, plan.slo(), plan.timeouts(), plan.serverMetrics(), plan.gpuMetrics(),
                        plan.condition(), prefixWarmups, clientWarmup), null);
    }

    /** run.json's {@code connections}: what the client learned of the server's connections, and its lanes' holds. */
    private static Map<String, Object> connections(HttpExecutor http) { // JSON edge: client's own keys (RunFile.Ending)
        Map<String, Object> m = new LinkedHashMap<>(Json.COMPACT.convertValue(http.connectionPolicy().describe(), LinkedHashMap.class));
        m.putAll(Json.COMPACT.convertValue(http.laneAccounting(), LinkedHashMap.class));
        return m;
    }

    /**
     * Ends the run's files: run.json is written in its final form ({@code ended_at}, and {@code partial} with
     * its reason when the run stopped early), then summary.json is built from the log. When the log itself could not be written, a
     * failure here is expected (the same full disk) and is reported instead of thrown.
     */
    private static Result finish(RunPlan plan, RunFile runFile, Runner.Outcome outcome, ClientCpu cpu,
            Map<String, Object> connections) throws IOException, LogFailed { // JSON edge, as connections()
        boolean logFailed = outcome.writeFailure() != null;
        String partialReason = logFailed ? "stopped early: " + outcome.writeFailure().getMessage()
                : outcome.interrupted() ? "interrupted" : outcome.recordsAfterClose() > 0 ? lateRecords(outcome.recordsAfterClose()) : null;
        try {
            runFile.ended(Instant.now(), partialReason, cpu, connections).write(plan.out());
        } catch (IOException e) {
            if (!logFailed) {
                throw new IOException(Summarizer.cannotWrite(plan.out().resolve(RunLog.RUN_FILE), e), e);
            }
            // run.json keeps ended_at: null, so summarize marks the run partial all the same
        }
        if (!logFailed) {
            return new Result(outcome, Summarizer.write(plan.out()));
        }
        String summary;
        try {
            Summarizer.write(plan.out());
            summary = "summary.json holds the records kept (partial)";
        } catch (UncheckedIOException e) {
            summary = "summary.json was not written (" + e.getMessage() + "): run 'infergate summarize "
                    + plan.out() + "' once there is space";
        }
        throw new LogFailed(outcome.writeFailure().getMessage() + "; the run stopped early, " + summary,
                outcome.writeFailure());
    }

    /** The partial reason of a log that lacks records handed over after it closed: infergate's loss, not the server's. */
    static String lateRecords(long count) {
        return count + " request record(s) ended after the log was closed and are missing from requests.jsonl: the client's"
                + " loss (a defect of infergate), not the server's";
    }

    private static String versionOf() {
        String v = RunService.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
