package dev.infergate.cli;

import dev.infergate.accept.AcceptPlan;
import dev.infergate.accept.Acceptance;
import dev.infergate.accept.PlanReader;
import dev.infergate.analysis.Slo;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.run.RunService;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code infergate capacity}: the highest arrival rate at which an endpoint still meets its SLO. */
@Command(name = "capacity", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Finds the highest Poisson arrival rate at which SLO attainment stays at or above --target, by "
                + "bracketing and bisection with repeats near the boundary; prints it as requests per hour with its "
                + "bracket, and the wait of the longest-waiting users there (TTFT and E2E from the scheduled time).")
public final class CapacityCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--base-url", required = true, paramLabel = "URL", description = "The OpenAI-compatible base URL.")
    String baseUrl;

    @Option(names = "--model", paramLabel = "ID", description = "The model id. Default: the server's first.")
    String model;

    @Option(names = "--api", defaultValue = "chat", paramLabel = "chat|completions", description = "Default: ${DEFAULT-VALUE}.")
    String api;

    @Option(names = "--slo", defaultValue = "ttft=2s,tpot=100ms", paramLabel = "ttft=2s,tpot=100ms,e2e=30s",
            description = "The SLO a request must meet to count (TTFT and E2E from the scheduled time). Default: ${DEFAULT-VALUE}.")
    String slo;

    @Option(names = "--target", defaultValue = "0.95", paramLabel = "SHARE",
            description = "Attainment to hold. Default: ${DEFAULT-VALUE}.")
    double target;

    @Option(names = "--preset", defaultValue = "short-chat", paramLabel = "NAME", description = "Work shape. Default: ${DEFAULT-VALUE}.")
    String preset;

    @Option(names = "--start-rate", defaultValue = "1", paramLabel = "R", description = "First rate tried, req/s. Default: ${DEFAULT-VALUE}.")
    double startRate;

    @Option(names = "--probe-duration", defaultValue = "20s", paramLabel = "DURATION",
            description = "How long each rate is offered (after 3 s of warm-up). Default: ${DEFAULT-VALUE}.")
    String probeDuration;

    @Option(names = "--tolerance", defaultValue = "5%", paramLabel = "SHARE",
            description = "Stop when the bracket is this narrow. Default: ${DEFAULT-VALUE}.")
    String tolerance;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the probe runs go. Default: results/capacity-<date>-<time>.")
    Path out;

    @Override
    public Integer call() throws IOException {
        String yaml = String.format(Locale.ROOT, "baseline: {url: '%s', api: %s%s}%ncandidate: '%s'%nslo: '%s'%n"
                + "burst: false%ncapacity: {target: %s, workload: %s, start_rate: %s, duration: %s, tolerance: '%s'}%n",
                baseUrl, api, model == null ? "" : ", model: '" + model + "'", baseUrl, slo, target, preset, startRate,
                probeDuration, tolerance);
        AcceptPlan plan;
        try {
            Slo.parse(slo);
            plan = PlanReader.read("options", yaml);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage().replace("options, key capacity.", "--").replace("options line 1, key baseline.", "--"));
        }
        Path dir = Reports.created(Reports.outDir(out, "capacity"));
        PrintWriter err = spec.commandLine().getErr();
        CapacitySearch.Result r;
        try {
            r = Acceptance.capacity(plan, dir, line -> {
                err.println("infergate: " + dev.infergate.report.TerminalText.sanitize(line));
                err.flush();
            });
        } catch (RunService.SetupException e) {
            throw new UserError(e.usage() ? ExitCode.USAGE : ExitCode.CANNOT_RUN, e.getMessage(), e);
        }
        PrintWriter o = spec.commandLine().getOut();
        if (r.atCapacity() == null) {
            o.printf(Locale.ROOT, "capacity: the SLO was not met at %.3g req/s, the lowest rate tried%n", r.upperRate());
        } else {
            var w = r.atCapacity().longestWait();
            o.printf(Locale.ROOT, "capacity at %.0f%% attainment: %.3g req/s = %,.0f requests/hour (bracket %,.0f .. %s)%n",
                    target * 100, r.ratePerSecond(), r.requestsPerHour(), r.lowerRate() * 3600,
                    r.bounded() ? String.format(Locale.ROOT, "%,.0f", r.upperRate() * 3600) : "not reached");
            o.printf(Locale.ROOT, "longest wait there (from scheduled): TTFT p99 %.0fms max %.0fms, E2E p99 %.0fms max %.0fms (%d requests)%n",
                    w.ttftP99Ms(), w.ttftMaxMs(), w.e2eP99Ms(), w.e2eMaxMs(), w.count());
        }
        o.println("probe runs: " + dir.resolve("capacity"));
        o.flush();
        return ExitCode.OK.code();
    }
}
