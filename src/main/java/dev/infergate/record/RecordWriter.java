package dev.infergate.record;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
 * <p>Guarantees (docs/results.md, "What survives"): the file only ever grows by whole lines; lines are
 * written once and never again; a record whose text is odd (lone surrogates, any Unicode) still encodes
 * ({@link RecordCodec}); one record that cannot be processed never stops the loop. The file is written
 * whenever the queue drains (or 64 KiB are pending), so a killed run loses at most the records of the last
 * few milliseconds and at most one torn last line; a run stopped with Ctrl-C loses none ({@link #close()}
 * drains the queue).
 *
 * <p>When the file cannot be written (disk full, I/O error) the writer truncates the file back to its last
 * whole line, stops writing, tells the {@link #onFailure} listener once (the run then stops scheduling),
 * and counts every record it could not keep; {@link #close()} then throws a {@link WriteFailure} that says
 * so in one line. The writer also encodes each request's inter-token gaps ({@link ItlCodec}) and hands the
 * final record to the listeners (progress counters, live figures) on the same thread.
 */
public final class RecordWriter implements AutoCloseable {
    /** A finished request as the client hands it over: the record without its ITL histogram, plus the raw gaps. */
    public record Finished(RequestRecord record, int[] gapsMicros, int gapCount, String textToCount) {}

    private static final Finished POISON = new Finished(null, null, 0, null);
    /** Pending bytes beyond which the writer writes even while records keep coming. */
    private static final int FLUSH_BYTES = 64 * 1024;

    private final LinkedBlockingQueue<Finished> queue = new LinkedBlockingQueue<>();
    private final Path file;
    private final RecordSink sink;
    private final Thread thread;
    private final List<Consumer<RequestRecord>> listeners = new ArrayList<>();
    private final ItlCodec codec = new ItlCodec();
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream(FLUSH_BYTES + 4096);
    private int pendingRecords;
    private long written;
    private long lost;
    private long unencodable;
    private volatile IOException failure;
    private Consumer<IOException> onFailure = e -> { };
    private ToIntFunction<String> tokenCounter = text -> 0;

    public RecordWriter(Path file) throws IOException {
        this(file, RecordSink.appendingTo(file));
    }

    /** Writes to {@code sink} and names {@code file} in messages; tests pass a sink that fails on purpose. */
    public RecordWriter(Path file, RecordSink sink) {
        this.file = file;
        this.sink = sink;
        this.thread = new Thread(this::loop, "infergate-record-writer");
        this.thread.setDaemon(true);
    }

    /** Adds a listener that sees every final record on the writer thread; call before {@link #start()}. */
    public RecordWriter onRecord(Consumer<RequestRecord> listener) {
        listeners.add(listener);
        return this;
    }

    /** Called once, on the writer thread, when the file cannot be written; call before {@link #start()}. */
    public RecordWriter onFailure(Consumer<IOException> listener) {
        this.onFailure = listener;
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

    /** Whether the file could not be written; from then on records are counted as lost. */
    public boolean failed() {
        return failure != null;
    }

    private void loop() {
        while (true) {
            Finished f;
            try {
                f = queue.poll(50, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (f == POISON) {
                flush();
                return;
            }
            if (f != null) {
                process(f);
            }
            if (pending.size() > 0 && (queue.isEmpty() || pending.size() >= FLUSH_BYTES)) {
                flush();
            }
        }
    }

    /** Completes, encodes and queues one record for writing; never throws, so one record cannot stop the loop. */
    private void process(Finished f) {
        RequestRecord r = f.record();
        byte[] line;
        try {
            r = complete(f);
            line = (RecordCodec.toJson(r) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (RuntimeException | Error e) { // jtokkit throws AssertionError on some text: no record may die of it
            line = fallbackLine(r);
        }
        if (line == null) {
            unencodable++;
        } else if (failure != null) {
            lost++;
        } else {
            pending.write(line, 0, line.length); // a whole line or nothing: never a torn one in the buffer
            pendingRecords++;
        }
        for (Consumer<RequestRecord> l : listeners) {
            try {
                l.accept(r);
            } catch (RuntimeException | Error e) {
                // a listener (progress, live figures) is a view: its failure must not cost a record
            }
        }
    }

    /** The record as handed over, when completing it failed (e.g. the tokenizer threw); null if even that fails. */
    private static byte[] fallbackLine(RequestRecord r) {
        try {
            return (RecordCodec.toJson(r) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (RuntimeException | Error e) {
            return null;
        }
    }

    private RequestRecord complete(Finished f) {
        RequestRecord r = f.record();
        String itl = f.gapCount() > 0 && r.itlHistogram() == null ? codec.encode(f.gapsMicros(), f.gapCount()) : r.itlHistogram();
        int outputTokens = f.textToCount() != null ? tokenCounter.applyAsInt(Text.wellFormed(f.textToCount())) : r.outputTokens();
        if (itl != r.itlHistogram() || outputTokens != r.outputTokens()) {
            r = completed(r, itl, outputTokens);
        }
        return r;
    }

    /** Writes the pending lines once; on failure cuts the file back to its last whole line and stops writing. */
    private void flush() {
        if (pending.size() == 0 || failure != null) {
            return;
        }
        long sizeBefore = -1;
        try {
            sizeBefore = sink.size();
            sink.write(pending.toByteArray());
            written += pendingRecords;
        } catch (IOException | RuntimeException e) {
            lost += pendingRecords;
            truncateTo(sizeBefore);
            failure = e instanceof IOException io ? io : new IOException(e.toString(), e);
            onFailure.accept(failure);
        } finally {
            pending.reset(); // written or lost: a line is never written twice
            pendingRecords = 0;
        }
    }

    private void truncateTo(long size) {
        if (size < 0) {
            return;
        }
        try {
            sink.truncate(size);
        } catch (IOException | RuntimeException e) {
            // the file keeps a torn last line, which readers skip with a warning
        }
    }

    static RequestRecord completed(RequestRecord r, String itl, int outputTokens) {
        return new RequestRecord(r.id(), r.worker(), r.phase(), r.condition(), r.session(), r.turn(),
                r.scheduledNanos(), r.sentNanos(), r.headersNanos(), r.firstTokenNanos(), r.lastTokenNanos(),
                r.doneNanos(), r.status(), r.error(), r.errorDetail(), r.retryAfterSeconds(), r.inputTokens(),
                outputTokens, r.outputTokensSource(), r.cachedTokens(), r.chunks(), r.maxStallNanos(), itl,
                r.eventOffsetsNanos()).withClientFiguresOf(r);
    }

    /**
     * Writes every queued record and closes the file.
     *
     * @throws WriteFailure when some record could not be written (the message says where, why and how many)
     */
    @Override
    public void close() throws IOException {
        queue.add(POISON);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            sink.close();
        } catch (IOException e) {
            if (failure == null) {
                failure = e;
            }
        }
        if (failure != null || unencodable > 0) {
            throw new WriteFailure(file, failure, written, lost, unencodable);
        }
    }

    /**
     * Records could not be kept: the file could not be written ({@code cause}), or records could not be encoded.
     *
     * @param written     records in the file
     * @param lost        records that could not be written once the file failed
     * @param unencodable records that could not be encoded at all (a defect; never expected)
     */
    public static final class WriteFailure extends IOException {
        private static final long serialVersionUID = 1L;
        private final long written;
        private final long lost;

        WriteFailure(Path file, IOException cause, long written, long lost, long unencodable) {
            super(describe(file, cause, written, lost + unencodable), cause);
            this.written = written;
            this.lost = lost + unencodable;
        }

        public long written() {
            return written;
        }

        public long lost() {
            return lost;
        }

        /** "disk full at PATH" when the device is full, else "cannot write PATH (cause)"; then the counts. */
        static String describe(Path file, IOException cause, long written, long lost) {
            String what;
            if (cause == null) {
                what = "records could not be encoded for " + file;
            } else if (String.valueOf(cause.getMessage()).contains("No space left on device")) {
                what = "disk full at " + file;
            } else {
                what = "cannot write " + file + " (" + cause.getClass().getSimpleName() + ": " + cause.getMessage() + ")";
            }
            return what + ": " + written + " records written, " + lost + " lost";
        }
    }
}
