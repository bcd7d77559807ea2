package dev.infergate.cli;

import java.time.Duration;
import dev.infergate.bench.MetronomeServer;
import dev.infergate.bench.ServerHandle;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code infergate bench metronome-server}: the benchmark's server on its own, until Ctrl-C. */
@Command(name = "metronome-server", header = "The metronome server the bench commands measure against.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Serves the benchmark's metronome server on 127.0.0.1 until stopped, so that `bench accuracy --server URL` "
                + "can measure against a server in another process. Prints '" + ServerHandle.READY + "URL' once it listens."})
public final class MetronomeServerCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--port", defaultValue = "0", paramLabel = "N", description = "Port on 127.0.0.1; 0 for a free one. Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--event-loops", defaultValue = "1", paramLabel = "N", description = "Server I/O threads. Default: ${DEFAULT-VALUE}.")
    int eventLoops;

    @Option(names = "--spin", defaultValue = "0us", paramLabel = "DURATION",
            description = "How long before each due time the metronome spins instead of parking. Default: ${DEFAULT-VALUE}.")
    Duration spin;

    @Override
    public Integer call() throws InterruptedException {
        long spinNanos;
        MetronomeServer server;
        try {
            spinNanos = spin.toNanos();
            server = MetronomeServer.start(port, eventLoops, spinNanos, true);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "metronome-stop"));
        PrintWriter out = spec.commandLine().getOut();
        out.println(ServerHandle.READY + server.baseUrl());
        out.flush();
        stopped.await();
        return ExitCode.OK.code();
    }
}
