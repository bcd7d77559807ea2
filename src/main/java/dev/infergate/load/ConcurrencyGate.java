package dev.infergate.load;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Holds requests back while {@code limit} are in flight (open loop with {@code --max-concurrency}). A held
 * request keeps its scheduled time, so its wait shows as queue wait and in latency from scheduled.
 * A limit of 0 lets everything through at once.
 */
final class ConcurrencyGate {
    /** A request waiting for a slot. */
    interface Task {
        void run();

        /** Called instead of {@link #run()} when the run ends before a slot freed. */
        void cancel();
    }

    private final int limit;
    private final ArrayDeque<Task> waiting = new ArrayDeque<>();
    private int active;

    ConcurrencyGate(int limit) {
        this.limit = limit;
    }

    void submit(Task task) {
        if (limit > 0) {
            synchronized (this) {
                if (active >= limit) {
                    waiting.add(task);
                    return;
                }
                active++;
            }
        }
        task.run();
    }

    /** A request finished: start the next waiting one, if any. */
    void release() {
        if (limit == 0) {
            return;
        }
        Task next;
        synchronized (this) {
            next = waiting.poll();
            if (next == null) {
                active--;
                return;
            }
        }
        next.run();
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
