package dev.infergate.cli;

import dev.infergate.client.EventLoops;
import picocli.CommandLine.Option;

/** {@code --event-loops}: the client's I/O threads, for every command that drives the client. */
final class EventLoopOptions {
    @Option(names = "--event-loops", paramLabel = "N",
            description = "Client I/O threads. Default: the number of cores.")
    Integer eventLoops;

    /** The threads to use: as given, else one per core. */
    int count() {
        int loops = eventLoops != null ? eventLoops : EventLoops.perCore();
        if (loops < 1) {
            throw UserError.usage("--event-loops (" + loops + ") must be >= 1");
        }
        return loops;
    }
}
