package dev.infergate.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Samples a long run at a fixed interval: heap in use after the last collection ({@link HeapWatch}), the
 * process's resident set (RSS, from /proc/self/status: heap, metaspace, thread stacks and Netty's direct
 * buffers together), requests started and records in requests.jsonl. A soak that kept something per request
 * shows a rising heap or RSS; one that lost records shows records falling behind requests.
 */
public final class SoakWatch implements AutoCloseable {
    /**
     * One sample.
     *
     * @param elapsedSeconds     since the watch started
     * @param heapAfterGcBytes   heap in use after the latest collection, or -1 before the first
     * @param rssBytes           resident set of the process, or -1 where /proc is missing
     * @param requests           requests handed to the client so far
     * @param records            lines in requests.jsonl so far
     */
    public record Sample(double elapsedSeconds, long heapAfterGcBytes, long rssBytes, long requests, long records) {}

    private final HeapWatch heap;
    private final LongSupplier requests;
    private final Path log;
    private final Duration interval;
    private final Consumer<Sample> onSample;
    private final List<Sample> samples = new ArrayList<>();
    private final Thread thread;
    private final long startNanos = System.nanoTime();
    private long logOffset;
    private long records;
    private volatile boolean closed;

    /**
     * @param requests read at each sample (requests started)
     * @param log      the run's requests.jsonl (counted as it grows; missing until the run opens it)
     * @param onSample told of each sample as it is taken (the console line)
     */
    public SoakWatch(HeapWatch heap, LongSupplier requests, Path log, Duration interval, Consumer<Sample> onSample) {
        this.heap = heap;
        this.requests = requests;
        this.log = log;
        this.interval = interval;
        this.onSample = onSample;
        this.thread = new Thread(this::loop, "infergate-soak-watch");
        thread.setDaemon(true);
    }

    public SoakWatch start() {
        thread.start();
        return this;
    }

    private void loop() {
        while (!closed) {
            try {
                Thread.sleep(interval.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            sample();
        }
    }

    /** Takes one sample now. */
    public synchronized Sample sample() {
        List<HeapWatch.Sample> gcs = heap.samples();
        long heapAfterGc = gcs.isEmpty() ? -1 : gcs.get(gcs.size() - 1).usedAfterGcBytes();
        Sample s = new Sample((System.nanoTime() - startNanos) / 1e9, heapAfterGc, rssBytes(), requests.getAsLong(),
                countRecords());
        samples.add(s);
        onSample.accept(s);
        return s;
    }

    public synchronized List<Sample> samples() {
        return List.copyOf(samples);
    }

    /** Lines added to the log since the last sample, counted from where the last count ended. */
    private long countRecords() {
        if (!Files.isRegularFile(log)) {
            return records;
        }
        try (InputStream in = Files.newInputStream(log)) {
            in.skipNBytes(logOffset);
            byte[] buffer = new byte[64 * 1024];
            int n;
            while ((n = in.read(buffer)) > 0) {
                for (int i = 0; i < n; i++) {
                    records += buffer[i] == '\n' ? 1 : 0;
                }
                logOffset += n;
            }
        } catch (IOException e) {
            // counted again at the next sample
        }
        return records;
    }

    /** The process's resident set in bytes (Linux), or -1. */
    static long rssBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: no RSS
        }
        return -1;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
