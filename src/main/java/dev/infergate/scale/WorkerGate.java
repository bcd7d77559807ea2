package dev.infergate.scale;

import dev.infergate.record.RunLog;
import dev.infergate.run.StartGate;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * The worker's side of the start barrier: once its run is set up it says {@code ready} (a line, and a file a
 * readiness probe can test), waits for the start its launcher publishes, then reports how late its origin was
 * on its own clock, and its progress every {@link #PROGRESS_EVERY} until the run ends. A stop published later
 * stops the run (partial summary, records kept).
 */
public final class WorkerGate implements StartGate, AutoCloseable {
    static final Duration PROGRESS_EVERY = Duration.ofSeconds(2);

    private final int shard;
    private final BarrierSource source;
    private final PrintWriter lines;
    private final Path readyFile;
    private final Path runDir;
    private volatile boolean closed;
    private Instant startAt;

    /**
     * @param shard     this worker's shard index
     * @param source    where the launcher publishes
     * @param lines     where the worker's event lines go (stdout: the launcher reads it, or the pod's log)
     * @param readyFile created when ready, for a readiness probe; or null
     * @param runDir    the run directory, whose records are counted for progress
     */
    public WorkerGate(int shard, BarrierSource source, PrintWriter lines, Path readyFile, Path runDir) {
        this.shard = shard;
        this.source = source;
        this.lines = lines;
        this.readyFile = readyFile;
        this.runDir = runDir;
    }

    @Override
    public Instant awaitStart(Runnable stopRun) throws InterruptedException {
        if (readyFile != null) {
            try {
                Files.createDirectories(readyFile.toAbsolutePath().getParent());
                Files.writeString(readyFile, "ready\n");
            } catch (IOException e) {
                emit("infergate-worker: cannot write the ready file " + readyFile + ": " + e.getMessage());
            }
        }
        emit(new WorkerLine.Ready(shard).text());
        while (true) {
            BarrierSource.Signal signal = pollQuietly();
            if (signal.stop()) {
                return null;
            }
            if (signal.startAt() != null) {
                startAt = signal.startAt();
                daemon("infergate-stop-watch", () -> watchForStop(stopRun));
                return startAt;
            }
            Thread.sleep(source.pollInterval().toMillis());
        }
    }

    @Override
    public void started(Instant wallClock) {
        long offsetMicros = Duration.between(startAt, wallClock).toNanos() / 1_000;
        emit(new WorkerLine.Started(shard, offsetMicros).text());
        daemon("infergate-progress", this::reportProgress);
    }

    /** Ends the progress and stop watchers. */
    @Override
    public void close() {
        closed = true;
        source.close();
    }

    private void watchForStop(Runnable stopRun) {
        while (!closed) {
            if (pollQuietly().stop()) {
                stopRun.run();
                return;
            }
            sleep(Math.max(source.pollInterval().toMillis(), 200));
        }
    }

    private void reportProgress() {
        long[] counted = {0, 0}; // bytes read so far, records so far
        Path log = runDir.resolve(RunLog.REQUESTS_FILE);
        while (!closed) {
            sleep(PROGRESS_EVERY.toMillis());
            if (!closed) {
                emit(new WorkerLine.Progress(shard, countRecords(log, counted)).text());
            }
        }
    }

    /** Counts the lines appended to {@code log} since the last call: reads only the new bytes. */
    static long countRecords(Path log, long[] counted) {
        try (InputStream in = Files.newInputStream(log)) {
            in.skipNBytes(counted[0]);
            byte[] buffer = new byte[64 * 1024];
            int n;
            while ((n = in.read(buffer)) > 0) {
                counted[0] += n;
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == '\n') {
                        counted[1]++;
                    }
                }
            }
        } catch (IOException e) {
            // not there yet, or the disk is in trouble: the run itself reports that
        }
        return counted[1];
    }

    private BarrierSource.Signal pollQuietly() {
        try {
            return source.poll();
        } catch (IOException e) {
            return BarrierSource.Signal.NONE; // a missed poll: the next one retries
        }
    }

    private void emit(String line) {
        lines.println(line);
        lines.flush();
    }

    private static void daemon(String name, Runnable task) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        t.start();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
