package dev.infergate.record;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;

/**
 * Builds each finished request's record and appends it to {@code requests.jsonl}, on a dedicated thread, so that
 * neither the costly parts of a record (encoding its inter-token gaps with {@link ItlCodec}, counting output tokens
 * client-side when the server sent no usage), nor JSON encoding, nor file I/O run on the event loops that take
 * timestamps. Each record is built here once ({@link FinishedRequest#toRecord}) and is final: the listeners
 * ({@link #onRecord}, e.g. the progress display's token counter) see the record as written.
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
 * so in one line.
 */
public final class RecordWriter implements AutoCloseable {
    private static final FinishedRequest POISON = FinishedRequest.of(null);
    /** Pending bytes beyond which the writer writes even while records keep coming. */
    private static final int FLUSH_BYTES = 64 * 1024;

    private final LinkedBlockingQueue<FinishedRequest> queue = new LinkedBlockingQueue<>();
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
    /** Set by {@link #close()}: a record handed over from then on is never written. */
    private volatile boolean closed;
    private final AtomicLong submittedAfterClose = new AtomicLong();
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

    /**
     * Adds a listener that sees every record as written (or as it would have been, once the file failed), on the
     * writer thread; a listener that throws costs no record. Call before {@link #start()}.
     */
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
     * Hands over a finished request, whose record is built on the writer thread; never blocks, safe from any thread.
     * After {@link #close()} the record cannot be written any more: it is counted ({@link #submittedAfterClose()}),
     * never dropped silently.
     */
    public void submit(FinishedRequest finished) {
        if (closed) {
            submittedAfterClose.incrementAndGet();
            return;
        }
        queue.add(finished);
    }

    /** Hands over a record that is already complete (a request never sent); never blocks, safe from any thread. */
    public void submit(RequestRecord record) {
        submit(FinishedRequest.of(record));
    }

    /**
     * Records handed over after {@link #close()} began, which the log does not hold: a client defect (a request that
     * ended after its run was closed), so the caller reports them as the client's loss, never as the server's.
     */
    public long submittedAfterClose() {
        return submittedAfterClose.get();
    }

    /** Whether the file could not be written; from then on records are counted as lost. */
    public boolean failed() {
        return failure != null;
    }

    private void loop() {
        while (true) {
            FinishedRequest f;
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

    /** Builds, encodes and queues one record for writing; never throws, so one record cannot stop the loop. */
    private void process(FinishedRequest f) {
        RequestRecord r = null;
        byte[] line;
        try {
            r = build(f);
            line = (RecordCodec.toJson(r) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (RuntimeException | Error e) { // jtokkit throws AssertionError on some text: no record may die of it
            r = bare(f);
            line = r == null ? null : encodeQuietly(r);
        }
        if (line == null) {
            unencodable++;
        } else if (failure != null) {
            lost++;
        } else {
            pending.write(line, 0, line.length); // a whole line or nothing: never a torn one in the buffer
            pendingRecords++;
        }
        if (r == null) {
            return;
        }
        for (Consumer<RequestRecord> l : listeners) {
            try {
                l.accept(r);
            } catch (RuntimeException | Error e) {
                // a listener (progress, live figures) is a view: its failure must not cost a record
            }
        }
    }

    /** The record with its gaps encoded and, when the server sent no usage, its output tokens counted. */
    private RequestRecord build(FinishedRequest f) {
        int[] gaps = f.itlGapsMicros();
        String itl = gaps.length > 0 ? codec.encode(gaps, gaps.length) : null;
        String text = f.textToCount();
        return f.toRecord(itl, text != null ? tokenCounter.applyAsInt(Text.wellFormed(text)) : -1);
    }

    /** The record without its gaps and counted tokens, when building it whole failed (e.g. the tokenizer threw). */
    private static RequestRecord bare(FinishedRequest f) {
        try {
            return f.toRecord(null, -1);
        } catch (RuntimeException | Error e) {
            return null;
        }
    }

    private static byte[] encodeQuietly(RequestRecord r) {
        try {
            return (RecordCodec.toJson(r) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (RuntimeException | Error e) {
            return null;
        }
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

    /**
     * Writes every queued record and closes the file.
     *
     * @throws WriteFailure when some record could not be written (the message says where, why and how many)
     */
    @Override
    public void close() throws IOException {
        closed = true;
        queue.add(POISON);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        boolean behindPoison = thread.getState() == Thread.State.TERMINATED; // the writer took POISON: all left came after
        for (FinishedRequest late = queue.poll(); late != null; late = queue.poll()) { // a submit racing this close
            if (late == POISON) {
                behindPoison = true;
            } else if (behindPoison) {
                submittedAfterClose.incrementAndGet();
            }
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
