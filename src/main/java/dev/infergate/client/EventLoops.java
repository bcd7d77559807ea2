package dev.infergate.client;

/**
 * How many I/O threads (Vert.x event loops) the client gets when nobody says: one per core, the rule of
 * {@code --event-loops} for every command and of the runs {@code accept} drives, so a run measures the same client
 * whichever command started it.
 */
public final class EventLoops {
    private EventLoops() {}

    /** One event loop per core the JVM may use; at least 1. */
    public static int perCore() {
        return Math.max(1, Runtime.getRuntime().availableProcessors());
    }
}
