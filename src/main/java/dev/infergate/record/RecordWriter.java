package dev.infergate.record;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;

/**
 * Appends finished requests to {@code requests.jsonl} on a dedicated thread, so that neither JSON
 * encoding nor file I/O runs on the event loops that take timestamps.
 *
 * <p>The file is flushed whenever the queue drains, so a killed run loses at most the records of the
 * last few milliseconds; a run stopped with Ctrl-C loses none ({@link #close()} drains the queue).
 * The writer also encodes each request's inter-token gaps ({@link ItlCodec}) and then hands the final
 * record to the listeners (progress counters, live figures) on the same thread.
 */
public final class RecordWriter implements AutoCloseable {
    /** A finished request as the client hands it over: the record without its ITL histogram, plus the raw gaps. */
    public record Finished(RequestRecord record, int[] gapsMicros, int gapCount, String textToCount) {}

    private static final Finished POISON = new Finished(null, null, 0, null);

    private final LinkedBlockingQueue<Finished> queue = new LinkedBlockingQueue<>();
    private final BufferedWriter out;
    private final Thread thread;
    private final List<Consumer<RequestRecord>> listeners = new ArrayList<>();
    private final ItlCodec codec = new ItlCodec();
    private volatile IOException failure;
    private ToIntFunction<String> tokenCounter = text -> 0;

    public RecordWriter(Path file) throws IOException {
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        this.thread = new Thread(this::loop, "infergate-record-writer");
        this.thread.setDaemon(true);
    }

    /** Adds a listener that sees every final record on the writer thread; call before {@link #start()}. */
    public RecordWriter onRecord(Consumer<RequestRecord> listener) {
        listeners.add(listener);
        return this;
    }

    /**
     * Counts output tokens of records whose server sent no usage ({@link TokenSource#CLIENT}); runs on the
     * writer thread, so tokenizing never delays a timestamp. Call before {@link #start()}.
     */
    public RecordWriter countingTokensWith(ToIntFunction<String> counter) {
        this.tokenCounter = counter;
        return this;
    }

    public RecordWriter start() {
        thread.start();
        return this;
    }

    /**
     * Hands over a finished request; never blocks and is safe from any thread.
     *
     * @param gapsMicros  the request's inter-token gaps, microseconds (encoded into the record here)
     * @param textToCount the output text when its tokens must be counted client-side, else null
     */
    public void submit(RequestRecord record, int[] gapsMicros, int gapCount, String textToCount) {
        queue.add(new Finished(record, gapsMicros, gapCount, textToCount));
    }

    private void loop() {
        try {
            while (true) {
                Finished f = queue.poll(50, TimeUnit.MILLISECONDS);
                if (f == null) {
                    continue;
                }
                if (f == POISON) {
                    out.flush();
                    return;
                }
                write(f);
                if (queue.isEmpty()) {
                    out.flush();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            failure = e;
        }
    }

    private void write(Finished f) throws IOException {
        RequestRecord r = f.record();
        String itl = f.gapCount() > 0 && r.itlHistogram() == null ? codec.encode(f.gapsMicros(), f.gapCount()) : r.itlHistogram();
        int outputTokens = f.textToCount() != null ? tokenCounter.applyAsInt(f.textToCount()) : r.outputTokens();
        if (itl != r.itlHistogram() || outputTokens != r.outputTokens()) {
            r = completed(r, itl, outputTokens);
        }
        out.write(RecordCodec.toJson(r));
        out.write('\n');
        for (Consumer<RequestRecord> l : listeners) {
            l.accept(r);
        }
    }

    static RequestRecord completed(RequestRecord r, String itl, int outputTokens) {
        return new RequestRecord(r.id(), r.worker(), r.phase(), r.condition(), r.session(), r.turn(),
                r.scheduledNanos(), r.sentNanos(), r.headersNanos(), r.firstTokenNanos(), r.lastTokenNanos(),
                r.doneNanos(), r.status(), r.error(), r.errorDetail(), r.retryAfterSeconds(), r.inputTokens(),
                outputTokens, r.outputTokensSource(), r.cachedTokens(), r.chunks(), r.maxStallNanos(), itl,
                r.eventOffsetsNanos(), r.slotNanos(), r.dispatchNanos(), r.connectWaitNanos());
    }

    /** Writes every queued record, flushes and closes the file. */
    @Override
    public void close() throws IOException {
        queue.add(POISON);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        out.close();
        if (failure != null) {
            throw new UncheckedIOException("writing requests.jsonl failed", failure);
        }
    }
}
