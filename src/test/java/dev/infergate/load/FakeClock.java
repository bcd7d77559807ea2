package dev.infergate.load;

import java.util.PriorityQueue;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;

/**
 * A simulated {@link RunClock}: time moves only when the scheduling thread waits, and then jumps from timer to
 * timer, running each on the waiting thread in due order (ties in the order they were set). A run on it is a
 * discrete-event simulation: deterministic, instant, and free of wall-clock thresholds.
 */
final class FakeClock implements RunClock {
    /** A simulated hour: a loop that would wait longer is stuck, and the test fails instead of hanging. */
    private static final long HORIZON_NANOS = 3_600_000_000_000L;

    private record Timer(long dueNanos, long order, Runnable task) {}

    private final PriorityQueue<Timer> timers = new PriorityQueue<>((a, b) -> a.dueNanos != b.dueNanos
            ? Long.compare(a.dueNanos, b.dueNanos) : Long.compare(a.order, b.order));
    private long now;
    private long order;

    FakeClock(long startNanos) {
        this.now = startNanos;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public void schedule(long delayMillis, Runnable task) {
        timers.add(new Timer(now + delayMillis * 1_000_000, order++, task));
    }

    @Override
    public void waitUntil(long dueNanos, BooleanSupplier stopped) {
        advanceTo(dueNanos, stopped);
    }

    @Override
    public boolean await(CountDownLatch latch, long millis) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted while waiting");
        }
        advanceTo(now + millis * 1_000_000, () -> latch.getCount() == 0);
        return latch.getCount() == 0;
    }

    @Override
    public void sleep(long millis) {
        advanceTo(now + millis * 1_000_000, () -> false);
    }

    /** Runs every timer due by {@code nanos}, then stands at {@code nanos}; stops early once {@code until} holds. */
    void advanceTo(long nanos, BooleanSupplier until) {
        if (nanos > HORIZON_NANOS) {
            throw new AssertionError("the simulated run passed an hour: a loop is stuck");
        }
        while (!until.getAsBoolean() && !timers.isEmpty() && timers.peek().dueNanos() <= nanos) {
            Timer t = timers.poll();
            now = Math.max(now, t.dueNanos());
            t.task().run();
        }
        if (!until.getAsBoolean()) {
            now = Math.max(now, nanos);
        }
    }

    /** Timers set and not yet run. */
    int pendingTimers() {
        return timers.size();
    }
}
