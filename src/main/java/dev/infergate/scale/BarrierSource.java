package dev.infergate.scale;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;

/**
 * Where a worker learns what its launcher published: the start instant, and later perhaps a stop (Ctrl-C at the
 * launcher). Local workers read their stdin ({@link StdinBarrier}); pods read a ConfigMap.
 */
public interface BarrierSource extends AutoCloseable {

    /**
     * What is published now.
     *
     * @param startAt the start of the schedule, or null while not yet published
     * @param stop    whether the launcher asked the workers to stop
     */
    record Signal(Instant startAt, boolean stop) {
        public static final Signal NONE = new Signal(null, false);
    }

    /** Reads what is published now; cheap enough to call every {@link #pollInterval()}. */
    Signal poll() throws IOException;

    /** How often to poll. */
    Duration pollInterval();

    @Override
    default void close() {}
}
