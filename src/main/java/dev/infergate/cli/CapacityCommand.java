package dev.infergate.cli;

import dev.infergate.accept.AcceptPlan;
import dev.infergate.accept.Acceptance;
import dev.infergate.accept.PlanReader;
import dev.infergate.analysis.Slo;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.client.Endpoint;
import dev.infergate.client.Timeouts;
import dev.infergate.config.Durations;
import dev.infergate.report.CapacityReport;
import dev.infergate.report.TerminalText;
import dev.infergate.run.RunService;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
        Timeouts t = endpoint.timeouts.timeouts();
        String url = quoted(target.baseUrl().toString());
        StringBuilder labelYaml = new StringBuilder();
        labels.labels().forEach((k, v) -> labelYaml.append(labelYaml.isEmpty() ? ", labels: {" : ", ").append(quoted(k))
                .append(": ").append(quoted(v)));
        String yaml = String.format(Locale.ROOT, "baseline: {url: %s, api: %s%s%s}%ncandidate: {url: %s, api: %s}%nseed: %d%nslo: %s%n"
                + "timeouts: {ttft: %s, idle: %s, total: %s}%nburst: false%n"
                + "capacity: {target: %s, workload: %s, prefix: %s, start_rate: %s, duration: %s, tolerance: %s, max_probes: %d,"
                + " ramp_duration: %s}%n",
                url, target.api().name().toLowerCase(Locale.ROOT), target.model() == null ? "" : ", model: " + quoted(target.model()),
                labelYaml.isEmpty() ? "" : labelYaml + "}",
                url, target.api().key(), seed, quoted(targets.text()), Durations.format(t.firstToken()), Durations.format(t.idle()),
                Durations.format(t.total()), this.target, quoted(traffic.capacityWorkload(preset)), quoted(prefix), startRate,
                Durations.format(probeDuration), tolerance, maxProbes, Durations.format(ramp())) + traffic.planYaml();
        try {
            return PlanReader.read("options", yaml);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage().replaceAll("options(?: line \\d+)?, key (?:capacity\\.)?", "--")
                    .replace("--workload", "--preset").replace("--start_rate", "--start-rate").replace("--duration", "--probe-duration").replace("--max_probes", "--max-probes").replace("--ramp_duration", "--ramp-duration"));
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

    private static String quoted(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
