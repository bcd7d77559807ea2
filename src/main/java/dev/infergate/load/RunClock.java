package dev.infergate.load;

import io.vertx.core.Vertx;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Time as the load loops see it: the monotonic clock, timers, and the ways the scheduling thread waits. In a
 * run it is {@link #system(Vertx)}; unit tests pass a simulated clock, so the loops' arithmetic (schedules,
 * slots, queue wait, drain deadlines) is tested without sleeping and without wall-clock thresholds.
 */
interface RunClock {

    /** Now, in {@link System#nanoTime()} nanoseconds. */
    long nanoTime();

    /** Runs {@code task} once {@code delayMillis} passed (on an event loop in a run). */
    void schedule(long delayMillis, Runnable task);

    /** Blocks the scheduling thread until {@code dueNanos} (absolute) or until {@code stopped} says so. */
    void waitUntil(long dueNanos, BooleanSupplier stopped);

    /** Waits at most {@code millis} for {@code latch}; true when it reached zero. */
    boolean await(CountDownLatch latch, long millis) throws InterruptedException;

    /** Sleeps {@code millis}; an interrupt ends the sleep and stays set. */
    void sleep(long millis);

    /** The system clock and the Vert.x timers of {@code vertx}. */
    static RunClock system(Vertx vertx) {
        return new RunClock() {
            /** Below this much time before a due mark the thread spins instead of parking (park overshoots ~50 µs). */
            private static final long SPIN_NANOS = 100_000;

            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public void schedule(long delayMillis, Runnable task) {
                vertx.setTimer(delayMillis, t -> task.run());
            }

            @Override
            public void waitUntil(long dueNanos, BooleanSupplier stopped) {
                long remaining;
                while ((remaining = dueNanos - System.nanoTime()) > 0 && !stopped.getAsBoolean()) {
                    if (remaining > SPIN_NANOS) {
                        LockSupport.parkNanos(Math.min(remaining - SPIN_NANOS, 50_000_000L));
                    } else {
                        Thread.onSpinWait();
                    }
                }
            }

            @Override
            public boolean await(CountDownLatch latch, long millis) throws InterruptedException {
                return latch.await(millis, TimeUnit.MILLISECONDS);
            }

            @Override
            public void sleep(long millis) {
                try {
                    Thread.sleep(millis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }
}
