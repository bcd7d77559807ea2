package dev.infergate.cli;

import dev.infergate.accept.AcceptPlan;
import dev.infergate.accept.Acceptance;
import dev.infergate.accept.CapacityPlan;
import dev.infergate.accept.MatrixWorkload;
import dev.infergate.analysis.Slo;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.client.Endpoint;
import dev.infergate.client.Timeouts;
import dev.infergate.report.CapacityReport;
import dev.infergate.report.TerminalText;
import dev.infergate.run.RunService;
import dev.infergate.workload.PrefixMode;
import dev.infergate.workload.Preset;
import dev.infergate.workload.trace.TraceSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code infergate capacity}: the highest arrival rate at which an endpoint still meets its SLO. */
@Command(name = "capacity", header = "The highest rate that still meets the SLO, per hour.", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Finds the highest Poisson arrival rate at which SLO attainment stays at or above --target: a ramp "
                + "doubling from --start-rate finds the region, then probes go where a monotone fit of attainment against "
                + "rate over every probe is least sure, until its 95%% interval is within --tolerance or --max-probes are "
                + "spent. Prints requests per hour with the interval, why it stopped, and the wait of the longest-waiting "
                + "users there (TTFT and E2E from the scheduled time); writes capacity.json (docs/acceptance.md).")
public final class CapacityCommand extends SendingCommand {
    @Mixin
    SloOptions slo = new SloOptions();

    @Option(names = "--target", defaultValue = "0.95", paramLabel = "SHARE", converter = ShareConverter.class,
            description = "SLO attainment to hold: the share of requests sent that complete within the SLO (0.95 or 95%%). Default: ${DEFAULT-VALUE}.")
    double target;

    @Option(names = "--preset", defaultValue = "short-chat", paramLabel = "short-chat|long-doc|long-output",
            description = "A named work shape from the acceptance plan (token counts in docs/workloads.md). Default: ${DEFAULT-VALUE}.")
    String preset;

    @Option(names = "--prefix", defaultValue = "fresh", paramLabel = "fresh|shared",
            description = "fresh: every prompt starts with unique text, so no prefix cache can help; shared: prompts start with one of a few long common prefixes. Default: ${DEFAULT-VALUE}.")
    String prefix;

    @Option(names = "--seed", defaultValue = "0", paramLabel = "N",
            description = "Seed of every random draw (arrivals, prompt lengths, prompts): the same seed gives the same schedule. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--start-rate", defaultValue = "1", paramLabel = "R", converter = RateConverter.class,
            description = "The first rate tried, in requests per second (1, 60/m, 3600/h). Default: ${DEFAULT-VALUE}.")
    double startRate;

    @Option(names = "--probe-duration", defaultValue = "20s", paramLabel = "DURATION",
            description = "How long each rate is offered, after 3 s of warm-up: a probe at R req/s sends exactly R x DURATION "
                    + "requests. Refining probes run long enough for ln(0.025) / ln(target) requests (72 at 95%%), said at start. "
                    + "Default: ${DEFAULT-VALUE}.")
    Duration probeDuration;

    @Option(names = "--ramp-duration", paramLabel = "DURATION",
            description = "How long each ramp probe (the doubling that finds the region) is offered; after the first, ramp "
                    + "probes warm up for 1 s, not 3 s. Default: half of --probe-duration, at least 2 s (at most --probe-duration).")
    Duration rampDuration;

    @Option(names = "--tolerance", defaultValue = "5%", paramLabel = "SHARE", converter = ShareConverter.class,
            description = "The precision: stop when the 95%% interval's half-width is within this share of the estimate (5%% or 0.05). Default: ${DEFAULT-VALUE}.")
    double tolerance;

    @Option(names = "--trials", defaultValue = "effective", paramLabel = "effective|requests",
            description = "What a probe's requests count as in the fit: 'effective' (the independent trials their queue waits"
                    + " and margins to the SLO are worth, the smaller: near a queue or a decode batch that builds and drains"
                    + " far fewer; each probe keeps its load on until its measured requests have ended) or 'requests' (each an independent trial, the probes' load ending with their"
                    + " measured time: the method before Dec 6, narrower and overconfident; docs/acceptance.md, \"Capacity at"
                    + " the SLO\"). Default: ${DEFAULT-VALUE}.")
    String trials;

    @Option(names = "--time-budget", paramLabel = "DURATION",
            description = "The longest the probes may take: a probe predicted to end after it is not started, and the search"
                    + " stops there (and says so); the first probe always runs. Default: none (--max-probes alone bounds it).")
    Duration timeBudget;

    @Option(names = "--max-probes", defaultValue = "10", paramLabel = "N",
            description = "The budget: stop after this many probes even if the precision was not reached (and say so). Default: ${DEFAULT-VALUE}.")
    int maxProbes;

    @Mixin
    LabelOptions labels = new LabelOptions();

    @Option(names = "--no-progress", description = "Do not show each probe's live view on a terminal (the step lines stay).")
    boolean noProgress;

    @Mixin
    OutputOptions out = new OutputOptions();

    @Mixin
    TrafficOptions traffic = new TrafficOptions();

    @Override
    public Integer call() throws IOException {
        Endpoint target = traffic.endpoint(endpoint.endpoint());
        AcceptPlan plan = plan(target);
        Path dir = Reports.created(out.dir());
        PrintWriter err = spec.commandLine().getErr();
        CapacitySearch.Result r;
        try {
            r = Acceptance.capacity(plan, target, endpoint.apiKeyEnv(), endpoint.apiKeySet(), dir,
                    LiveRuns.onStderr(err, "infergate: ", TerminalText::sanitize, !noProgress));
        } catch (RunService.SetupException e) {
            throw new UserError(e.usage() ? ExitCode.USAGE : ExitCode.CANNOT_RUN, e.getMessage(), e);
        }
        PrintWriter o = spec.commandLine().getOut();
        Path file = CapacityReport.write(dir, CapacityReport.document(Map.of("baseline", r), this.target, plan.slo(),
                plan.capacity().workloadText(), Map.of("baseline", dev.infergate.record.UrlCredentials.redacted(target.baseUrl().toString()))));
        o.print(CapacityReport.console("baseline", r, this.target).replaceFirst("^capacity baseline", "capacity"));
        o.println("capacity: " + file);
        o.println("probe runs: " + dir.resolve("capacity"));
        o.flush();
        return ExitCode.OK.code();
    }

    /** The capacity step of an acceptance plan, from these options (its baseline is {@code target}). */
    AcceptPlan plan(Endpoint target) {
        Slo targets = slo.slo();
        if (targets.isEmpty()) {
            throw UserError.usage("--slo none leaves nothing to hold; capacity needs a target, e.g. --slo ttft=2s,tpot=100ms");
        }
        if (!target.api().generates() && targets.e2e() == null) {
            throw UserError.usage("capacity of embeddings needs an e2e target: ttft and tpot do not apply (no output tokens);"
                    + " pass --slo e2e=500ms");
        }
        Timeouts timeouts = endpoint.timeouts.timeouts().withCancellations(traffic.cancellations(seed));
        TraceSpec trace = traffic.trace();
        AcceptPlan.Side side = new AcceptPlan.Side(target.baseUrl().toString(), target.model(), target.api().key(),
                labels.labels());
        try {
            AcceptPlan.Capacity step = new AcceptPlan.Capacity(trace == null ? parsed("--preset", preset, Preset::parse) : Preset.SHORT_CHAT,
                    parsed("--prefix", prefix, PrefixMode::parse), this.target, startRate, AcceptPlan.Capacity.DEFAULT_MAX_RATE,
                    probeDuration, AcceptPlan.Capacity.DEFAULT_WARMUP, tolerance, maxProbes,
                    trace == null ? null : new MatrixWorkload.Trace(trace), null, ramp(),
                    parsed("--trials", trials, AcceptPlan.Capacity::parseTrials), timeBudget);
            return CapacityPlan.of(side, targets, step, timeouts, seed);
        } catch (AcceptPlan.Capacity.Invalid e) {
            throw UserError.usage(option(e.key(), e.problem()));
        }
    }

    /**
     * The option a capacity value comes from, with what is wrong with it: the same sentence a plan file gets at its key.
     * The highest rate is not an option ({@link AcceptPlan.Capacity#DEFAULT_MAX_RATE}): a start above it is the start's fault.
     */
    private String option(String key, String problem) {
        return switch (key) {
            case "target" -> "--target: " + problem;
            case "start_rate" -> "--start-rate: " + problem;
            case "max_rate" -> "--start-rate: (" + startRate + ") must be at most " + AcceptPlan.Capacity.DEFAULT_MAX_RATE
                    + " req/s, the highest rate capacity tries";
            case "max_probes" -> "--max-probes: " + problem;
            case "tolerance" -> "--tolerance: " + problem;
            case "duration" -> "--probe-duration: " + problem;
            case "ramp_duration" -> "--ramp-duration: " + problem;
            case "time_budget" -> "--time-budget: " + problem;
            default -> key + " " + problem;
        };
    }

    private static <T> T parsed(String option, String text, java.util.function.Function<String, T> parser) {
        try {
            return parser.apply(text);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(option + ": " + e.getMessage());
        }
    }

    /**
     * The ramp probes' length: they only find the region (the capacity within a factor of two), so by default half a
     * refining probe, at least 2 s, never longer than one.
     */
    Duration ramp() {
        if (rampDuration != null) {
            return rampDuration;
        }
        Duration half = probeDuration.dividedBy(2);
        Duration floor = Duration.ofSeconds(2);
        return half.compareTo(floor) >= 0 ? half : floor.compareTo(probeDuration) <= 0 ? floor : probeDuration;
    }
}
