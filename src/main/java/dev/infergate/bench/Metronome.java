package dev.infergate.bench;

import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * Used only with {@code --spin}: by default each stream is timed on its own event loop
 * ({@link MetronomeStream#runOn}). A dedicated thread that fires beats at their due times, with
 * sub-millisecond precision: a Vert.x timer
 * only has millisecond resolution, so the metronome parks until {@code spinNanos} before a due time and
 * spins for the rest.
 *
 * <p>The spin margin is a trade: {@code parkNanos} on Linux wakes 50-100 µs late (timer slack), spinning is
 * exact but burns a core whenever beats are denser than the margin. With 2 cores shared by the client, a
 * small margin (default 0: park only) keeps the server from starving the client it measures; the server's
 * lateness is measured and reported apart from the client's error either way.
 */
final class Metronome implements AutoCloseable {

    /** Something that happens at due times. */
    interface Beat {
        /**
         * Fires the beat due at {@code dueNanos}; runs on the metronome thread and must not block.
         *
         * @return the next due time (absolute nanoseconds), or -1 when there is none
         */
        long fire(long dueNanos);
    }

    private record Entry(long dueNanos, Beat beat) {}

    private final PriorityQueue<Entry> queue = new PriorityQueue<>((a, b) -> Long.compare(a.dueNanos, b.dueNanos));
    private final ConcurrentLinkedQueue<Entry> incoming = new ConcurrentLinkedQueue<>();
    private final long spinNanos;
    private final Thread thread;
    private volatile boolean running = true;

    /** @param spinNanos how long before a due time to stop parking and spin (0: never spin) */
    Metronome(long spinNanos) {
        if (spinNanos < 0) {
            throw new IllegalArgumentException("spinNanos (" + spinNanos + ") must be >= 0");
        }
        this.spinNanos = spinNanos;
        this.thread = new Thread(this::loop, "infergate-metronome");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    long threadId() {
        return thread.getId();
    }

    /** Fires {@code beat} first at {@code dueNanos}; safe from any thread. */
    void schedule(Beat beat, long dueNanos) {
        incoming.add(new Entry(dueNanos, beat));
        LockSupport.unpark(thread);
    }

    private void loop() {
        while (running) {
            for (Entry e = incoming.poll(); e != null; e = incoming.poll()) {
                queue.add(e);
            }
            Entry head = queue.peek();
            if (head == null) {
                LockSupport.parkNanos(this, 1_000_000);
                continue;
            }
            long waitNanos = head.dueNanos - System.nanoTime();
            if (waitNanos > spinNanos) {
                LockSupport.parkNanos(this, waitNanos - spinNanos);
            } else if (waitNanos > 0) {
                Thread.onSpinWait();
            } else {
                queue.poll();
                long next = head.beat.fire(head.dueNanos);
                if (next >= 0) {
                    queue.add(new Entry(next, head.beat));
                }
            }
        }
    }

    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
