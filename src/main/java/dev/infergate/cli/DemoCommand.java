package dev.infergate.cli;

import dev.infergate.accept.AcceptPlan;
import dev.infergate.accept.AcceptResult;
import dev.infergate.accept.Acceptance;
import dev.infergate.accept.MatrixEta;
import dev.infergate.accept.PlanReader;
import dev.infergate.report.AcceptanceReport;
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
@Command(name = "demo", mixinStandardHelpOptions = true,
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
        try (SimServer base = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1);
                SimServer cand = SimServer.start(SimProfile.bundled("candidate-fp8-kv"), "127.0.0.1", 0, 1)) {
            AcceptPlan plan = PlanReader.read(planName(), plan(base.baseUrl(), cand.baseUrl()));
            result = Acceptance.run(plan, dir, line -> {
                err.println("demo: " + timeLeft.apply(line));
                err.flush();
            });
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
        return ExitCode.OK.code();
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
