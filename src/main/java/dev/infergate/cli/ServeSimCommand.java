package dev.infergate.cli;

import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code infergate serve-sim}: runs the simulated OpenAI-compatible server until Ctrl-C. */
@Command(
        name = "serve-sim",
        header = "A simulated OpenAI-compatible inference server.",
        mixinStandardHelpOptions = true,
        description = {
            "Serves a simulated OpenAI-compatible inference endpoint (chat, completions, responses, embeddings, rerank, score, tokenize, health, metrics).",
            "It is a model, not a measurement of any real engine: see docs/simulator.md."
        })
public final class ServeSimCommand implements Callable<Integer> {

    @Option(names = "--host", defaultValue = "127.0.0.1",
            description = "The address to listen on. The default, 127.0.0.1, keeps the server private to this machine;"
                    + " use 0.0.0.0 only when other machines must reach it. Default: ${DEFAULT-VALUE}.")
    String host;

    @Option(names = "--port", defaultValue = "8000", paramLabel = "N",
            description = "The TCP port to listen on; 0 picks a free port and the banner shows which. Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--profile", defaultValue = "baseline", paramLabel = "NAME|FILE",
            description = "The engine profile: a bundled name (baseline, candidate-fp8-kv, managed-buffered) or the path"
                    + " of a profile YAML file. Default: ${DEFAULT-VALUE}.")
    String profile;

    @Option(names = "--seed", defaultValue = "0", paramLabel = "N",
            description = "Seeds answer lengths, generated words and injected faults, so runs can be repeated. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Spec
    CommandSpec spec;

    /** Released to stop the server; tests release it instead of sending Ctrl-C. */
    final CountDownLatch stop = new CountDownLatch(1);

    @Override
    public Integer call() throws InterruptedException {
        if (port < 0 || port > 65535) {
            throw UserError.usage("--port (" + port + ") must be between 0 and 65535");
        }
        SimProfile simProfile;
        try {
            simProfile = SimProfile.resolve(profile);
        } catch (IllegalArgumentException e) {
            throw new UserError(ExitCode.USAGE, "--profile: " + e.getMessage(), e);
        }
        SimServer server;
        try {
            server = SimServer.start(simProfile, host, port, seed);
        } catch (IllegalStateException e) {
            throw UserError.cannotRun(e.getMessage() + "; choose another --port or --host", e);
        }
        Thread hook = new Thread(() -> {
            stop.countDown();
            server.close();
        }, "infergate-serve-sim-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        PrintWriter out = spec.commandLine().getOut();
        out.println("infergate serve-sim: profile " + simProfile.name() + " (model " + simProfile.model() + ") at "
                + server.baseUrl() + " -- " + SimServer.DISCLAIMER + ". Ctrl-C to stop.");
        out.flush();
        try {
            stop.await();
        } finally {
            server.close();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is already exiting; the hook closes the server
            }
        }
        return ExitCode.OK.code();
    }
}
