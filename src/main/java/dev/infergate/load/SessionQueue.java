package dev.infergate.load;

import java.util.ArrayList;
import java.util.List;

/**
 * Which sessions of an agent-session run start, in the order events happen: a pure decision without clock or
 * threads (the {@link SessionLoop} supplies the times and calls it under no lock of its own; every method here
 * is synchronized). Sessions start in the order given, each exactly once. A session handed out by
 * {@link #start()}, {@link #ended()} or {@link #admit()} is in progress until the caller reports its end
 * with {@link #ended()}.
 *
 * <ul>
 *   <li>{@link #waves}: the warm-up sessions all at once, and when the last of them ended, all the others;</li>
 *   <li>{@link #concurrent}: at most {@code max} in progress, the next one when one ends;</li>
 *   <li>{@link #arrivals}: the caller starts each one with {@link #admit()} at its arrival time.</li>
 * </ul>
 */
final class SessionQueue {
    private enum Kind { WAVES, CONCURRENT, ARRIVALS }

    private final Kind kind;
    private final long[] order;
    private final int warmup;
    private final int max;
    private int next;
    private int inProgress;

    private SessionQueue(Kind kind, long[] order, int warmup, int max) {
        if (warmup < 0 || warmup > order.length) {
            throw new IllegalArgumentException("warm-up sessions (" + warmup + ") must be between 0 and " + order.length);
        }
        this.kind = kind;
        this.order = order.clone();
        this.warmup = warmup;
        this.max = max;
    }

    /**
     * Two waves: {@code order[0..warmup)} at once, then the rest at once when every warm-up session ended.
     *
     * @param order  the sessions, warm-up ones first
     * @param warmup how many of {@code order} are warm-up sessions
     */
    static SessionQueue waves(long[] order, int warmup) {
        return new SessionQueue(Kind.WAVES, order, warmup, 0);
    }

    /** At most {@code max} sessions of {@code order} in progress, started in order. */
    static SessionQueue concurrent(long[] order, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("concurrent sessions (" + max + ") must be >= 1");
        }
        return new SessionQueue(Kind.CONCURRENT, order, 0, max);
    }

    /** Sessions of {@code order} started one by one by the caller ({@link #admit()}), at their arrivals. */
    static SessionQueue arrivals(long[] order) {
        return new SessionQueue(Kind.ARRIVALS, order, 0, 0);
    }

    /** The sessions to start at the start of the run. */
    synchronized List<Long> start() {
        return switch (kind) {
            case WAVES -> take(warmup > 0 ? warmup : order.length);
            case CONCURRENT -> take(max);
            case ARRIVALS -> List.of();
        };
    }

    /** A session in progress ended (finished, failed, or never started); returns the sessions to start now. */
    synchronized List<Long> ended() {
        if (inProgress < 1) {
            throw new IllegalStateException("a session ended while none was in progress");
        }
        inProgress--;
        return switch (kind) {
            case WAVES -> inProgress == 0 ? take(order.length) : List.of();
            case CONCURRENT -> take(1);
            case ARRIVALS -> List.of();
        };
    }

    /** Arrivals: the next session in order, now in progress; -1 when every session was handed out. */
    synchronized long admit() {
        if (kind != Kind.ARRIVALS) {
            throw new IllegalStateException("only an arrivals queue admits sessions");
        }
        List<Long> one = take(1);
        return one.isEmpty() ? -1 : one.get(0);
    }

    /** Hands out no further session: the run stopped, or its end passed (no later session could start either). */
    synchronized void abandon() {
        next = order.length;
    }

    /** Whether every session was handed out (or abandoned) and none is in progress. */
    synchronized boolean finished() {
        return next == order.length && inProgress == 0;
    }

    /** Sessions in progress. */
    synchronized int inProgress() {
        return inProgress;
    }

    private List<Long> take(int count) {
        int n = Math.min(count, order.length - next);
        List<Long> out = new ArrayList<>(Math.max(0, n));
        for (int i = 0; i < n; i++) {
            out.add(order[next++]);
        }
        inProgress += out.size();
        return out;
    }
}
