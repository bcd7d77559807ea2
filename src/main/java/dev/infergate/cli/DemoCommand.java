package dev.infergate.cli;

import dev.infergate.accept.AcceptPlan;
import dev.infergate.accept.AcceptResult;
import dev.infergate.accept.Acceptance;
import dev.infergate.accept.MatrixEta;
import dev.infergate.accept.PlanReader;
import dev.infergate.report.AcceptanceReport;
import dev.infergate.report.DemoStory;
import dev.infergate.report.TerminalText;
import dev.infergate.run.RunService;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code infergate demo}: the whole workflow on a fresh machine. Starts a simulated baseline and a simulated
 * FP8-KV-cache candidate in-process on free loopback ports and runs an acceptance plan between them
 * (src/main/resources/demo/plan.yaml): capacity at the SLO, a small matrix with repeats, a burst, and the
 * verdict. The servers are a model, not a measurement of any real engine. It exits 0 once it ran to completion,
 * whatever the verdict: it shows a verdict, it does not gate anything ({@code accept} does).
 */
@Command(name = "demo", header = "The whole workflow against two simulated servers.", mixinStandardHelpOptions = true,
        description = "Runs the whole acceptance workflow against two simulated servers (a baseline and an FP8-KV-cache "
                + "candidate) started in-process, and prints the verdict. No GPU or server needed; about 3 minutes (--quick: about 40 s). "
                + "Exits 0 when it ran to completion, whatever the verdict (it shows one, it gates nothing).")
public final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    OutputOptions out = new OutputOptions();

    @Option(names = "--quick", description = "A smaller plan (about 40 s: one user sending long documents) for a first look.")
    boolean quick;

    @Override
    public Integer call() throws IOException {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path dir = Reports.created(out.dir());
        o.println("infergate demo: is the FP8-KV-cache candidate better for users than the baseline?");
        o.println("both servers are simulated in-process (" + SimServer.DISCLAIMER + ")");
        o.flush();
        AcceptResult result;
        UnaryOperator<String> timeLeft = MatrixEta.timeLeft();
        SimProfile baseProfile = SimProfile.bundled("baseline");
        SimProfile candProfile = SimProfile.bundled("candidate-fp8-kv");
        try (SimServer base = SimServer.start(baseProfile, "127.0.0.1", 0, 1);
                SimServer cand = SimServer.start(candProfile, "127.0.0.1", 0, 1)) {
            warmUpBoth(base.baseUrl(), baseProfile.model(), cand.baseUrl(), candProfile.model());
            AcceptPlan plan = PlanReader.read(planName(), plan(base.baseUrl(), cand.baseUrl()));
            result = Acceptance.run(plan, dir, LiveRuns.onStderr(err, "demo: ", timeLeft, true));
        } catch (RunService.SetupException e) {
            throw new UserError(e.usage() ? ExitCode.USAGE : ExitCode.CANNOT_RUN, e.getMessage(), e);
        }
        AcceptCommand.write(result, dir);
        o.println();
        o.print(TerminalText.sanitizeLines(AcceptanceReport.console(result)));
        o.println();
        o.println("results: " + dir.resolve("acceptance.md") + " (readable), " + dir.resolve("acceptance.json")
                + "; every run's requests under " + dir);
        Reports.html(java.util.List.of(dir), dir.resolve("report.html"), o, err);
        o.println();
        o.print(TerminalText.sanitizeLines(DemoStory.of(result)));
        o.flush();
        return ExitCode.OK.code();
    }

    /**
     * {@link #warmUp} of both simulators side by side: each is a model of time (its steps sleep, they hardly compute), so
     * warming the two at once takes about as long as one: 1.96 s from start to the first probe instead of 2.6 (Dec 6).
     */
    static void warmUpBoth(String baseUrl, String baseModel, String candUrl, String candModel) {
        Thread other = new Thread(() -> warmUp(candUrl, candModel), "demo-warm-up");
        other.start();
        warmUp(baseUrl, baseModel);
        try {
            other.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Long prompts with 8 output tokens each: the measured requests' path, about half a second each. */
    static final int WARM_UP_REQUESTS = 2;

    /**
     * Sends {@link #WARM_UP_REQUESTS} long-document requests with a short answer to an in-process simulator before the
     * plan starts, so the JVM has compiled the simulator's and the client's paths before the first measured request:
     * without it the first request of the first repeat measured 452 and 596 ms against 423 and 479 for the next ones
     * (demo --quick, warmup: 0, Dec 6), enough to move a TTFT p50 from 6 requests. The plan's own warm-up requests
     * cost a whole long answer each (about 3 s); these cost about 0.5 s. Nothing here is measured or kept.
     */
    static void warmUp(String baseUrl, String model) {
        String document = "lorem ipsum ".repeat(4000);
        String body = "{\"model\":\"" + model + "\",\"stream\":true,\"max_tokens\":8,\"messages\":[{\"role\":\"user\","
                + "\"content\":\"" + document + "\"}]}";
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        for (int i = 0; i < WARM_UP_REQUESTS; i++) {
            try {
                http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(baseUrl + "/chat/completions"))
                        .header("Content-Type", "application/json").timeout(java.time.Duration.ofSeconds(30))
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body)).build(),
                        java.net.http.HttpResponse.BodyHandlers.discarding());
            } catch (IOException e) {
                return; // a warm-up that failed changes nothing measured: the plan's runs report any real problem
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private String planName() {
        return quick ? "demo/plan-quick.yaml" : "demo/plan.yaml";
    }

    /** The bundled plan with the two servers' URLs filled in. */
    String plan(String baseUrl, String candUrl) throws IOException {
        try (InputStream in = DemoCommand.class.getClassLoader().getResourceAsStream(planName())) {
            if (in == null) {
                throw new IllegalStateException(planName() + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("${BASE}", baseUrl).replace("${CAND}", candUrl);
        }
    }
}
