package dev.infergate.load;

import dev.infergate.record.RequestRecord;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Live counters of a run, read by the progress display. Requests are counted on the event loops as they finish;
 * output tokens from each final record on the record writer's thread (client-side counts are made there).
 */
public final class Progress {
    final AtomicLong started = new AtomicLong();
    final AtomicLong completed = new AtomicLong();
    final AtomicLong failed = new AtomicLong();
    final AtomicLong outputTokens = new AtomicLong();
    /** Requests the client could not take on (its bounds were full): recorded as {@code not_sent}. */
    final AtomicLong notSent = new AtomicLong();

    /** Counts {@code record}'s output tokens; the record writer calls it with every record. */
    void recorded(RequestRecord record) {
        outputTokens.addAndGet(record.outputTokens());
    }

    public long started() {
        return started.get();
    }

    public long completed() {
        return completed.get();
    }

    public long failed() {
        return failed.get();
    }

    public long finished() {
        return completed.get() + failed.get();
    }

    /** Requests recorded as {@code not_sent}: the client's bounds were full as they arrived. */
    public long notSent() {
        return notSent.get();
    }

    public long outputTokens() {
        return outputTokens.get();
    }
}
