package dev.infergate.scale;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/**
 * N workers, one shard each, that a {@link Launcher} starts, holds at a barrier, starts together, watches and
 * collects: local processes ({@link LocalFleet}) or the pods of a Kubernetes Indexed Job.
 */
public interface WorkerFleet extends AutoCloseable {

    /** Receives every line a worker prints, from any thread. */
    interface Lines {
        void line(int shard, String line);
    }

    /** Starts the workers; they set up and wait at the barrier. */
    void start(Lines lines) throws IOException;

    /** How many workers are set up and waiting (local: said {@code ready}; Kubernetes: pods Running and Ready). */
    int readyCount() throws IOException;

    /** The workers that ended, by shard, with their exit code (-1 when unknown). */
    Map<Integer, Integer> ended() throws IOException;

    /** Tells every worker the start of the schedule. */
    void publishStart(Instant startAt) throws IOException;

    /** Tells every worker to stop (they keep and hand over what they measured). */
    void publishStop() throws IOException;

    /**
     * Brings shard {@code index}'s run directory where the launcher can read it, once its worker ended.
     *
     * @return the directory, or null when nothing of the shard could be collected
     */
    Path collect(int index) throws IOException;

    /** One line saying what runs the workers, for the console. */
    String describe();

    /** Ends the workers still running and deletes what the fleet created (unless asked to keep it). */
    @Override
    void close() throws IOException;
}
