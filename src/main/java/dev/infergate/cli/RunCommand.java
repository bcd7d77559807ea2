package dev.infergate.cli;

import dev.infergate.analysis.FigureSet;
import dev.infergate.analysis.Slo;
import dev.infergate.client.Endpoint;
import dev.infergate.workload.WorkloadDefinition;
import dev.infergate.client.Timeouts;
import dev.infergate.config.ByteSize;
import dev.infergate.load.LoadModel;
import dev.infergate.load.RunLimits;
import dev.infergate.report.ConsoleSummary;
import dev.infergate.report.TerminalText;
import dev.infergate.run.ClientWarmup;
import dev.infergate.run.RunPlan;
import dev.infergate.run.RunService;
import dev.infergate.run.StartGate;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code infergate run}: measures one endpoint under one load, as its users feel it. */
@Command(name = "run", header = "Measures an endpoint under a load, as its users feel it.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Measures an OpenAI-compatible endpoint under a load: TTFT, ITL, TPOT, E2E, throughput and goodput "
                + "(docs/metrics.md). Every request is appended to OUT/requests.jsonl as it finishes; OUT/summary.json "
                + "and a table follow at the end. Ctrl-C stops, keeps what was measured and writes a partial summary."})
public final class RunCommand extends SendingCommand {
    @Mixin
    LoadOptions load = new LoadOptions();

    @Mixin
    WorkloadOptions workload = new WorkloadOptions();

    @Mixin
    TrafficOptions traffic = new TrafficOptions();

    @Option(names = "--max-body-size", defaultValue = "64MiB", paramLabel = "SIZE",
            description = "With --no-stream: fail a request whose body is longer (too_large) and close its connection, so an endless body cannot exhaust memory. Default: ${DEFAULT-VALUE}.")
    ByteSize maxBodySize;

    @Option(names = "--max-event-size", defaultValue = "16MiB", paramLabel = "SIZE",
            description = "Fail a streaming request with an SSE event longer than this (too_large); the event's bytes are dropped as they come. Default: ${DEFAULT-VALUE}.")
    ByteSize maxEventSize;

    @Mixin
    SloOptions slo = new SloOptions();

    @Mixin
    LabelOptions labels = new LabelOptions();

    @Mixin
    OutputOptions out = new OutputOptions();

    @Option(names = "--exact-output", defaultValue = "true", negatable = true, fallbackValue = "true",
            description = "Send ignore_eos/min_tokens so outputs are exactly --output-tokens long, when the server accepts them (checked first). Default: on.")
    boolean exactOutput;

    @Option(names = "--record-events", defaultValue = "10", paramLabel = "N", converter = RecordEventsConverter.class,
            description = "Keep the arrival time of every output event for every N-th request (at most 500 requests), for streaming timelines and exact per-request gaps (export --detail); 1 or 'all': every request, no limit; 0: none. Default: ${DEFAULT-VALUE}.")
    int recordEvents;

    @Mixin
    EventLoopOptions eventLoops = new EventLoopOptions();

    @Option(names = "--server-metrics", paramLabel = "URL|off",
            description = "The server's Prometheus metrics, scraped every 2 s into OUT/server_metrics.jsonl and summarised (prefix-cache hit rate, preemptions, queue time, running and waiting requests, KV-cache usage, server-side TTFT). Default: the base URL's /metrics; off: do not scrape.")
    String serverMetrics;

    @Option(names = "--gpu-metrics", paramLabel = "URL",
            description = "An NVIDIA DCGM exporter's page, e.g.%n  http://HOST:9400/metrics%n  scraped every 2 s into OUT/gpu_metrics.jsonl: GPU utilisation, memory, power and SM clock per GPU, and output tokens/s per watt and per GPU in the summary (docs/metrics.md).")
    String gpuMetrics;

    @Option(names = "--no-progress", description = "Do not show the live view on stderr (on a terminal: progress, "
            + "time left, rate, in flight, queued, TTFT/TPOT/E2E p50/p99 so far and errors, redrawn in place; piped: "
            + "one line every 5 s).")
    boolean noProgress;

    @Option(names = "--no-client-warmup",
            description = "Skip the client's warm-up before the clock starts (about 2 s of requests to an in-process loopback stub, "
                    + "never to the server). Without it the first requests pay for the client's class loading and JIT, which shows as client lag.")
    boolean noClientWarmup;

    /** Set by {@code k8s worker}: the scale-out barrier this run waits at once set up; null for a plain run. */
    StartGate startGate;

    @Override
    public Integer call() throws IOException {
        RunPlan plan = plan();
        boolean outExisted = java.nio.file.Files.exists(plan.out());
        Reports.created(plan.out());
        RunService service = new RunService().startingAt(load.startAt()).gatedBy(startGate)
                .withClientWarmup(noClientWarmup ? null : ClientWarmup.Budget.DEFAULT);
        CountDownLatch finished = new CountDownLatch(1);
        // Ctrl-C: stop scheduling and keep the JVM alive until the summary is written and printed
        Thread hook = new Thread(() -> {
            if (service.stopBeforeMeasuring()) {
                removeUnused(plan.out(), outExisted); // stopped in the set-up: nothing measured, exit now
                return;
            }
            try {
                finished.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "infergate-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return measure(plan, service, hook);
        } catch (RuntimeException | IOException e) {
            removeUnused(plan.out(), outExisted); // a run that failed before its first request leaves no empty folder
            throw e;
        } finally {
            finished.countDown();
        }
    }

    /**
     * Removes the run's folder when this command created it and it holds no record: a run stopped or failed
     * before its first request leaves no empty {@code results/run-*} behind. Its run.json (written before
     * the first request) goes with it; a folder with a log is never touched.
     */
    static void removeUnused(java.nio.file.Path out, boolean existedBefore) {
        if (existedBefore || java.nio.file.Files.exists(out.resolve("requests.jsonl"))) {
            return;
        }
        try {
            java.nio.file.Files.deleteIfExists(out.resolve(dev.infergate.record.RunLog.RUN_FILE));
            java.nio.file.Files.deleteIfExists(out);
        } catch (java.io.IOException e) {
            // not empty (something else wrote there) or not ours to remove: leave it
        }
    }

    private int measure(RunPlan plan, RunService service, Thread hook) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        RunLimits limits = plan.limits();
        RunService.Result result;
        if (!noProgress) {
            ProgressDisplay.announceSetup(spec.commandLine().getErr(), plan.endpoint(), !noClientWarmup);
        }
        try (ProgressDisplay progress = ProgressDisplay.of(System.err, limits)) {
            result = service.execute(plan, ctx -> progress.start(ctx, !noProgress));
        } catch (RunService.SetupException e) {
            throw new UserError(e.usage() ? ExitCode.USAGE : ExitCode.CANNOT_RUN, e.getMessage(), e);
        } catch (RunService.LogFailed e) { // one line: disk full at PATH, records kept and lost, summary or not
            throw UserError.cannotRun(e.getMessage(), e);
        } catch (IOException | java.io.UncheckedIOException e) { // e.g. "disk full at OUT/summary.json": the log is whole
            String what = e instanceof java.nio.file.FileSystemException ? "cannot write " + e.getMessage() : e.getMessage();
            boolean logged = java.nio.file.Files.exists(plan.out().resolve("requests.jsonl"));
            throw UserError.cannotRun(what + (logged ? "; every record is in " + plan.out().resolve("requests.jsonl")
                    + ": run 'infergate summarize " + plan.out() + "' once this is fixed" : ""), e);
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutting down already (Ctrl-C): the hook is running
        }
        out.print(TerminalText.sanitizeLines(ConsoleSummary.render(result.summary())));
        out.println("results: " + plan.out().resolve("summary.json") + " (per request: " + plan.out().resolve("requests.jsonl") + ")");
        Reports.html(java.util.List.of(plan.out()), plan.out().resolve("report.html"), out, spec.commandLine().getErr());
        if (result.outcome().notSent() > 0) {
            spec.commandLine().getErr().println("infergate: " + result.outcome().notSent() + " requests were not sent: the "
                    + "client's in-flight cap and wait queue were full, so the load offered was lower than asked; they are "
                    + "recorded as not_sent, the client's, never the server's (raise --max-concurrency or --max-queued, "
                    + "or shard the load with --shard I/N)");
        }
        if (result.outcome().interrupted()) {
            return ExitCode.INTERRUPTED.code();
        }
        FigureSet.Requests requests = result.summary().figures().requests();
        if (requests.completed() == 0 && requests.sent() > 0 && requests.failed() == requests.sent()) { // cancelled ones did not fail
            throw UserError.cannotRun("every measured request failed (" + result.summary().figures().errors()
                    + "); see " + plan.out().resolve("requests.jsonl") + " for each error");
        }
        return ExitCode.OK.code();
    }

    RunPlan plan() {
        workload.checkBeforeConnecting();
        LoadModel model = traffic.model(load);
        RunLimits runLimits = traffic.limits(load);
        Timeouts requestTimeouts;
        Slo slos = slo.slo();
        try {
            requestTimeouts = endpoint.timeouts.timeouts().withSizeLimits(maxBodySize.bytes(), maxEventSize.bytes())
                    .withCancellations(traffic.cancellations(load.seed));
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        Map<String, String> labelMap = labels.labels();
        if (recordEvents < 0) {
            throw UserError.usage("--record-events (" + recordEvents + ") must be >= 0");
        }
        Path dir = out.dir();
        int loops = eventLoops.count();
        Endpoint target = traffic.endpoint(endpoint.endpoint());
        WorkloadDefinition definition = workload.definition(load.seed, load.sessionMode(), traffic.trace());
        WorkloadOptions.checkMediaApi(definition.media(), target.api());
        return new RunPlan(target, definition,
                traffic.tokenizer(workload.tokenizer), model, runLimits,
                load.shard(), requestTimeouts, slos, labelMap, null, dir, exactOutput, recordEvents, loops, endpoint.apiKeyEnv(),
                endpoint.apiKeySet(), serverMetricsUrl(serverMetrics, target),
                gpuMetricsUrl(gpuMetrics));
    }

    /** {@code --gpu-metrics}: null when not given; an absolute http(s) URL otherwise. */
    static java.net.URI gpuMetricsUrl(String option) {
        if (option == null) {
            return null;
        }
        try {
            java.net.URI uri = new java.net.URI(option.trim());
            if (uri.getHost() != null && ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
                return uri;
            }
        } catch (java.net.URISyntaxException e) {
            // one line below
        }
        throw UserError.usage("--gpu-metrics '" + option + "' is not a URL; write it like http://127.0.0.1:9400/metrics");
    }

    /** {@code --server-metrics}: null for off, the base URL's {@code /metrics} by default. */
    static java.net.URI serverMetricsUrl(String option, Endpoint target) {
        if (option == null) {
            return java.net.URI.create(target.rootUrl("/metrics"));
        }
        if (option.equalsIgnoreCase("off")) {
            return null;
        }
        try {
            java.net.URI uri = new java.net.URI(option.trim());
            if (uri.getHost() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))) {
                throw new java.net.URISyntaxException(option, "not an absolute http(s) URL");
            }
            return uri;
        } catch (java.net.URISyntaxException e) {
            throw UserError.usage("--server-metrics '" + option + "' is not a URL; write it like http://127.0.0.1:8000/metrics, or off");
        }
    }
}
