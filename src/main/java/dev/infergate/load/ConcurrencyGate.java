package dev.infergate.load;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Holds requests back while {@code limit} are in flight (open loop with {@code --max-concurrency}, or
 * {@link ClientBounds#DEFAULT_MAX_IN_FLIGHT}). A held request keeps its scheduled time, so its wait shows as
 * queue wait and in latency from scheduled. At most {@code queueLimit} wait: a request arriving with the queue
 * full is refused ({@link Task#refuse}), so neither the requests in flight nor those waiting can grow the
 * heap without bound. A limit of 0 lets everything through at once.
 */
final class ConcurrencyGate {
    /** Passed to {@link Task#run} when a slot was free on arrival: the task never waited. */
    static final long NO_WAIT = Long.MIN_VALUE;

    /** A request waiting for a slot. */
    interface Task {
        /**
         * @param slotFreedNanos when the slot it takes was freed (the gate's clock), or {@link #NO_WAIT}
         *                       when one was free as it arrived
         */
        void run(long slotFreedNanos);

        /** Called instead of {@link #run(long)} when the run ends before a slot freed. */
        void cancel();

        /**
         * Called instead of {@link #run(long)} when the request arrived with {@code inFlight} requests in flight
         * and the queue full ({@code queued} waiting): the client could not take it on.
         */
        void refuse(int inFlight, int queued);
    }

    private final int limit;
    private final int queueLimit;
    private final LongSupplier nanoClock;
    private final ArrayDeque<Task> waiting = new ArrayDeque<>();
    private int active;

    /**
     * @param limit     requests in flight at most; 0: no limit
     * @param nanoClock when a slot is freed ({@link System#nanoTime()} in a run)
     */
    ConcurrencyGate(int limit, LongSupplier nanoClock) {
        this(limit, Integer.MAX_VALUE, nanoClock);
    }

    /** @param queueLimit requests that may wait for a slot at most; one more is refused */
    ConcurrencyGate(int limit, int queueLimit, LongSupplier nanoClock) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit (" + limit + ") must be >= 0 (0: no limit)");
        }
        if (queueLimit < 0) {
            throw new IllegalArgumentException("queue limit (" + queueLimit + ") must be >= 0");
        }
        this.limit = limit;
        this.queueLimit = queueLimit;
        this.nanoClock = nanoClock;
    }

    void submit(Task task) {
        if (limit > 0) {
            int queued;
            synchronized (this) {
                if (active < limit) {
                    active++;
                    queued = -1;
                } else if (waiting.size() < queueLimit) {
                    waiting.add(task);
                    return;
                } else {
                    queued = waiting.size();
                }
            }
            if (queued >= 0) {
                task.refuse(limit, queued);
                return;
            }
        }
        task.run(NO_WAIT);
    }

    /** A request finished: start the next waiting one, if any. */
    void release() {
        if (limit == 0) {
            return;
        }
        long freedNanos = nanoClock.getAsLong();
        Task next;
        synchronized (this) {
            next = waiting.poll();
            if (next == null) {
                active--;
                return;
            }
        }
        next.run(freedNanos);
    }

    synchronized int waiting() {
        return waiting.size();
    }

    /** Removes every waiting request and cancels it. */
    void cancelWaiting() {
        List<Task> cancelled;
        synchronized (this) {
            cancelled = new ArrayList<>(waiting);
            waiting.clear();
        }
        cancelled.forEach(Task::cancel);
    }
}
