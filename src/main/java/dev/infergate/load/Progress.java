package dev.infergate.load;

import java.util.concurrent.atomic.AtomicLong;

/** Live counters of a run, read by the progress display; updated from event loops. */
public final class Progress {
    final AtomicLong started = new AtomicLong();
    final AtomicLong completed = new AtomicLong();
    final AtomicLong failed = new AtomicLong();
    final AtomicLong outputTokens = new AtomicLong();

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

    public long outputTokens() {
        return outputTokens.get();
    }
}
