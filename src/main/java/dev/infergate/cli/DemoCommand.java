package dev.infergate.cli;

import dev.infergate.analysis.Slo;
import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import dev.infergate.client.Timeouts;
import dev.infergate.load.ClosedLoop;
import dev.infergate.load.RunLimits;
import dev.infergate.load.Shard;
import dev.infergate.report.SideBySide;
import dev.infergate.run.RunPlan;
import dev.infergate.run.RunService;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import dev.infergate.workload.Preset;
import dev.infergate.workload.WorkloadDefinition;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code infergate demo}: the whole workflow on a fresh machine. Starts the simulated baseline and
 * candidate (FP8 KV cache) servers in-process on free loopback ports, measures both under the same load,
 * and shows them side by side. The servers are a model, not a measurement of any real engine.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Runs the whole workflow against two simulated servers (a baseline and an FP8-KV-cache "
                + "candidate) started in-process: the same load on both, then the comparison. No GPU or server needed.")
public final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the results go. Default: results/demo-<date>-<time>.")
    Path out;

    @Option(names = "--quick", description = "A smaller run (about 45 s) for a first look.")
    boolean quick;

    @Option(names = "--no-progress", description = "Do not show progress while running.")
    boolean noProgress;

    @Override
    public Integer call() throws IOException {
        PrintWriter o = spec.commandLine().getOut();
        Path dir = out != null ? out : Path.of("results", "demo-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        o.println("infergate demo: baseline vs candidate-fp8-kv on the simulator (" + SimServer.DISCLAIMER + ")");
        o.flush();
        Map<String, Object> base = measure("baseline", dir.resolve("baseline"), o);
        Map<String, Object> cand = measure("candidate-fp8-kv", dir.resolve("candidate"), o);
        o.println();
        o.print(SideBySide.render("baseline", base, "candidate", cand));
        o.println();
        o.println("results: " + dir.toAbsolutePath() + " (each side: summary.json, requests.jsonl)");
        o.flush();
        return ExitCode.OK.code();
    }

    private Map<String, Object> measure(String profile, Path dir, PrintWriter o) throws IOException {
        int requests = quick ? 48 : 240;
        int warmup = quick ? 8 : 24;
        o.println("measuring " + profile + ": short chat, 24 users, " + requests + " requests after " + warmup + " warm-up");
        o.flush();
        try (SimServer server = SimServer.start(SimProfile.bundled(profile), "127.0.0.1", 0, 1)) {
            Endpoint endpoint = new Endpoint(URI.create(server.baseUrl()), Api.CHAT, null, true, Map.of(), null, false,
                    false, Duration.ofSeconds(5));
            WorkloadDefinition workload = WorkloadDefinition.builder().preset(Preset.SHORT_CHAT).seed(1).build();
            RunPlan plan = new RunPlan(endpoint, workload, "auto", new ClosedLoop(24, Duration.ZERO),
                    new RunLimits(requests, null, warmup, null, Duration.ofSeconds(30)), Shard.ALL, Timeouts.DEFAULT,
                    Slo.parse("ttft=500ms,e2e=5s"), Map.of("profile", profile), null, dir, true, 10,
                    Math.max(1, Runtime.getRuntime().availableProcessors()), "OPENAI_API_KEY", false);
            try (ProgressDisplay progress = new ProgressDisplay(System.err, requests + warmup, 0)) {
                return new RunService().execute(plan, ctx -> progress.start(ctx, !noProgress)).summary();
            } catch (RunService.SetupException e) {
                throw new UserError(e.usage() ? ExitCode.USAGE : ExitCode.CANNOT_RUN, e.getMessage(), e);
            }
        }
    }
}
