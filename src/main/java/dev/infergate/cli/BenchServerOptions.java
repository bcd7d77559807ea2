package dev.infergate.cli;

import java.time.Duration;
import dev.infergate.bench.ServerHandle;
import dev.infergate.config.Durations;
import java.io.IOException;
import picocli.CommandLine.Option;

/** Where the benchmark's metronome server runs: options shared by {@code bench accuracy} and {@code bench capacity}. */
final class BenchServerOptions {
    @Option(names = "--server-process",
            description = "Run the metronome server in a child JVM instead of this one: client and server then share only the cores, not the JVM (heap, GC, JIT).")
    boolean serverProcess;

    @Option(names = "--server", paramLabel = "URL",
            description = "Use a metronome server already running on this machine (infergate bench metronome-server), e.g.%n  http://127.0.0.1:8123/v1")
    String server;

    @Option(names = "--server-event-loops", defaultValue = "1", paramLabel = "N",
            description = "I/O threads of a metronome server started here. Default: ${DEFAULT-VALUE}.")
    int serverEventLoops;

    @Option(names = "--spin", defaultValue = "0us", paramLabel = "DURATION",
            description = "0us: each stream is timed on its connection's event loop (epoll timerfd, sub-millisecond, no extra "
                    + "thread). More: a dedicated metronome thread parks until this long before each due time and spins "
                    + "(exact, but it burns a core the client shares). Default: ${DEFAULT-VALUE}.")
    Duration spin;

    ServerHandle start() throws IOException {
        if (serverEventLoops < 1) {
            throw UserError.usage("--server-event-loops (" + serverEventLoops + ") must be >= 1");
        }
        long spinNanos = spin.toNanos();
        if (server != null) {
            return ServerHandle.external(server);
        }
        return serverProcess ? ServerHandle.childProcess(serverEventLoops, spinNanos)
                : ServerHandle.inProcess(serverEventLoops, spinNanos);
    }

    String describe() {
        return server != null ? "external server " + server
                : (serverProcess ? "server in a child JVM" : "server in this JVM") + ", " + serverEventLoops
                        + " server event loop(s), spin " + Durations.format(spin);
    }
}
