package dev.infergate.report.html;

import dev.infergate.record.RequestRecord;
import java.util.Arrays;

/**
 * The timeline marks of every request of one run, kept as primitive columns so a 100,000-request run
 * costs a few megabytes: enough to bucket the run over time after it has been read once.
 *
 * <p>Marks are nanoseconds since the run's origin, {@link RequestRecord#ABSENT} when they never happened.
 */
final class RunColumns {
    private int size;
    private long[] scheduledNanos = new long[1024];
    private long[] sentNanos = new long[1024];
    private long[] firstTokenNanos = new long[1024];
    private long[] lastTokenNanos = new long[1024];
    private long[] doneNanos = new long[1024];
    private int[] outputTokens = new int[1024];
    private byte[] flags = new byte[1024];

    private static final byte WARMUP = 1;
    private static final byte FAILED = 2;
    private static final byte CANCELLED = 4;

    void add(RequestRecord r) {
        if (size == scheduledNanos.length) {
            grow();
        }
        scheduledNanos[size] = r.marks().scheduledNanos();
        sentNanos[size] = r.marks().sentNanos();
        firstTokenNanos[size] = r.marks().firstTokenNanos();
        lastTokenNanos[size] = r.marks().lastTokenNanos();
        doneNanos[size] = r.marks().doneNanos();
        outputTokens[size] = Math.max(0, r.tokens().output());
        flags[size] = (byte) ((r.measured() ? 0 : WARMUP) | (r.failed() ? FAILED : 0) | (r.cancelled() ? CANCELLED : 0));
        size++;
    }

    private void grow() {
        int n = size * 2;
        scheduledNanos = Arrays.copyOf(scheduledNanos, n);
        sentNanos = Arrays.copyOf(sentNanos, n);
        firstTokenNanos = Arrays.copyOf(firstTokenNanos, n);
        lastTokenNanos = Arrays.copyOf(lastTokenNanos, n);
        doneNanos = Arrays.copyOf(doneNanos, n);
        outputTokens = Arrays.copyOf(outputTokens, n);
        flags = Arrays.copyOf(flags, n);
    }

    int size() {
        return size;
    }

    long scheduledNanos(int i) {
        return scheduledNanos[i];
    }

    long sentNanos(int i) {
        return sentNanos[i];
    }

    long firstTokenNanos(int i) {
        return firstTokenNanos[i];
    }

    long lastTokenNanos(int i) {
        return lastTokenNanos[i];
    }

    long doneNanos(int i) {
        return doneNanos[i];
    }

    int outputTokens(int i) {
        return outputTokens[i];
    }

    boolean warmup(int i) {
        return (flags[i] & WARMUP) != 0;
    }

    boolean failed(int i) {
        return (flags[i] & FAILED) != 0;
    }

    /** Whether the client cancelled request {@code i} on purpose (a user's stop: neither completed nor failed). */
    boolean cancelled(int i) {
        return (flags[i] & CANCELLED) != 0;
    }

    /** When request {@code i} ended: done, else the last mark it reached. */
    long endNanos(int i) {
        long end = scheduledNanos[i];
        for (long mark : new long[] {sentNanos[i], firstTokenNanos[i], lastTokenNanos[i], doneNanos[i]}) {
            end = Math.max(end, mark);
        }
        return end;
    }

    /** The latest end of any request; 0 for an empty run. */
    long lastEndNanos() {
        long last = 0;
        for (int i = 0; i < size; i++) {
            last = Math.max(last, endNanos(i));
        }
        return last;
    }

    /** The latest scheduled time of a warm-up request, or ABSENT when the run had no warm-up. */
    long warmupEndNanos() {
        long end = RequestRecord.ABSENT;
        for (int i = 0; i < size; i++) {
            if (warmup(i)) {
                end = Math.max(end, scheduledNanos[i]);
            }
        }
        return end;
    }
}
