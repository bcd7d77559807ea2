package dev.infergate.cli;

import dev.infergate.attest.SimulatorKey;
import dev.infergate.attest.SimulatorKeys;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.http.EmissionTap;
import dev.infergate.sim.profile.SimProfile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
            "It is a model, not a measurement of any real engine: see docs/simulator.md.",
            "It proves to infergate's clients that it is infergate's simulator (GET /sim/attest) with a key: a random one"
                    + " unless --attest-key-file or INFERGATE_SIM_KEY gives one, written to ~/.infergate/sim-keys/PORT.key"
                    + " (0600) for clients of the same user on this machine and removed when it stops."
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

    @Option(names = "--attest-key-file", paramLabel = "FILE",
            description = "A file holding the key (64 hex digits, e.g. from 'openssl rand -hex 32') by which this server"
                    + " proves it is infergate's simulator, for clients on other machines or pods (give them the same key"
                    + " in INFERGATE_SIM_KEY). Default: INFERGATE_SIM_KEY, else a random key.")
    Path attestKeyFile;

    /** Where the key file for same-machine clients goes; tests point it elsewhere. */
    Path keyDir = SimulatorKeys.defaultDir();

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
        SimulatorKey key = key();
        SimServer server;
        try {
            server = SimServer.start(simProfile, host, port, seed, EmissionTap.NONE, key);
        } catch (IllegalStateException e) {
            throw UserError.cannotRun(e.getMessage() + "; choose another --port or --host", e);
        }
        Path keyFile = SimulatorKeys.file(keyDir, server.port());
        try {
            SimulatorKeys.writeFile(keyDir, server.port(), key);
        } catch (IOException | UnsupportedOperationException e) {
            keyFile = null;
            spec.commandLine().getErr().println("infergate serve-sim: cannot write the key file " + SimulatorKeys.file(keyDir,
                    server.port()) + " (" + e.getMessage() + "): clients on this machine cannot check that this is"
                    + " infergate's simulator, so its word on its own lateness will not be used");
        }
        Path written = keyFile;
        Thread hook = new Thread(() -> {
            stop.countDown();
            server.close();
            removeKeyFile(written);
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
            removeKeyFile(written);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is already exiting; the hook closes the server
            }
        }
        return ExitCode.OK.code();
    }

    /** The key: the file's, else the environment's, else a random one; the key itself is never printed. */
    private SimulatorKey key() {
        if (attestKeyFile != null) {
            try {
                return SimulatorKeys.readFile(attestKeyFile);
            } catch (IOException | IllegalArgumentException e) {
                throw UserError.usage("--attest-key-file " + attestKeyFile + ": " + (e instanceof IllegalArgumentException
                        ? e.getMessage() : "cannot read it (" + e.getClass().getSimpleName() + ")"));
            }
        }
        String env = System.getenv(SimulatorKeys.ENV);
        if (env != null && !env.isBlank()) {
            try {
                return SimulatorKey.parse(env);
            } catch (IllegalArgumentException e) {
                throw UserError.usage(SimulatorKeys.ENV + ": " + e.getMessage());
            }
        }
        return SimulatorKey.random();
    }

    private static void removeKeyFile(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a key file left behind names a port whose next server cannot answer with it: never trusted by mistake
        }
    }
}
