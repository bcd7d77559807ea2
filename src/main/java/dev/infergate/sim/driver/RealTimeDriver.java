package dev.infergate.sim.driver;

import dev.infergate.sim.engine.Emission;
import dev.infergate.sim.engine.Engine;
import dev.infergate.sim.engine.Sequence;
import dev.infergate.sim.engine.Step;
import io.netty.channel.EventLoop;
import io.vertx.core.internal.ContextInternal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Runs the {@link Engine} on the wall clock: one dedicated thread owns the engine, runs a step, and sends
 * each token when the model says it leaves the server ({@link Emission#atNanos}: the step's end, plus the
 * output stage's per-token cost), handing the tokens due together to each connection's event loop, one hop
 * per event loop per dispatch. It parks until the next thing is due (a step's end or a token), spinning the
 * last {@value #SPIN_NANOS} ns because a park can overshoot, and dispatches every token due within the next
 * {@value #SLICE_NANOS} ns at once: a step's tokens leave in slices, not one wake-up per token, so a token
 * may leave up to that much before its time (never more), and the thread does not spin through a step's
 * output.
 *
 * <p>Steps follow each other back to back on the model's timeline: the next step starts at the previous
 * step's end, not at the moment the dispatch finished, so dispatch cost does not stretch the model; tokens of
 * a step are still leaving while the next one runs, as in a serving engine whose output stage works beside
 * the GPU. If the thread falls more than {@value #RESYNC_NANOS} ns behind (a GC pause, an overloaded
 * machine), the step timeline restarts from now instead of rushing through the backlog. Requests arriving
 * during a step wait for the next.
 */
public final class RealTimeDriver implements AutoCloseable {
    static final long SPIN_NANOS = 30_000;
    static final long SLICE_NANOS = 200_000;
    static final long RESYNC_NANOS = 5_000_000;
    private static final long IDLE_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long EMPTY_STEP_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Engine engine;
    private final LongSupplier nanoClock;
    private final DispatchLateness lateness;
    private final ConcurrentLinkedQueue<Runnable> inbox = new ConcurrentLinkedQueue<>();
    private final Map<Long, StreamTarget> targets = new HashMap<>();
    /** Tokens computed but not yet sent, in {@link Emission#atNanos} order (the engine hands them out in it). */
    private final ArrayDeque<Emission> pending = new ArrayDeque<>();
    private final Thread thread;
    private volatile boolean closed;

    public RealTimeDriver(Engine engine, LongSupplier nanoClock, DispatchLateness lateness) {
        this.engine = engine;
        this.nanoClock = nanoClock;
        this.lateness = lateness;
        this.thread = new Thread(this::loop, "infergate-sim-engine");
        this.thread.setDaemon(true);
    }

    public RealTimeDriver start() {
        thread.start();
        return this;
    }

    /** The id of the engine's thread. */
    public long threadId() {
        return thread.getId();
    }

    /** Queues a sequence arriving now; its tokens go to {@code target}. Any thread. */
    public void submit(Sequence seq, StreamTarget target) {
        long arrivalNanos = nanoClock.getAsLong();
        command(() -> {
            targets.put(seq.id(), target);
            engine.add(seq, arrivalNanos);
        });
    }

    /** Drops a sequence (client gone, stream reset); no further emissions reach its target. Any thread. */
    public void cancel(long sequenceId) {
        command(() -> {
            targets.remove(sequenceId);
            engine.abort(sequenceId);
        });
    }

    private void command(Runnable command) {
        inbox.add(command);
        LockSupport.unpark(thread);
    }

    private void loop() {
        long stepStartNanos = nanoClock.getAsLong();
        Step running = null;
        while (!closed) {
            drainInbox();
            if (running == null && engine.hasWork()) {
                Step step = engine.step(stepStartNanos);
                if (step.scheduledSequences() > 0) {
                    running = step;
                    pending.addAll(step.emissions());
                }
            }
            long due = Long.MAX_VALUE;
            if (running != null) {
                due = running.endNanos();
            }
            if (!pending.isEmpty()) {
                due = Math.min(due, pending.peekFirst().atNanos());
            }
            if (due == Long.MAX_VALUE) {
                // idle, or work that could not be scheduled yet (no blocks): wait for a request or a retry
                LockSupport.parkNanos(this, engine.hasWork() ? EMPTY_STEP_PARK_NANOS : IDLE_PARK_NANOS);
                stepStartNanos = nanoClock.getAsLong();
                continue;
            }
            sleepUntil(due);
            long now = nanoClock.getAsLong();
            dispatchDue(now + SLICE_NANOS);
            if (running == null) {
                // no step ran while these tokens left: the next one starts now, not back to back with the last
                stepStartNanos = now;
            } else if (now >= running.endNanos()) {
                long behindNanos = now - running.endNanos();
                if (behindNanos > RESYNC_NANOS) {
                    lateness.recordStallNanos(behindNanos);
                    stepStartNanos = now;
                } else {
                    stepStartNanos = running.endNanos();
                }
                running = null;
            }
        }
    }

    private void drainInbox() {
        for (Runnable command; (command = inbox.poll()) != null; ) {
            command.run();
        }
    }

    private void sleepUntil(long deadlineNanos) {
        for (long remaining; (remaining = deadlineNanos - nanoClock.getAsLong()) > 0 && !closed; ) {
            if (remaining > SPIN_NANOS) {
                LockSupport.parkNanos(this, remaining - SPIN_NANOS);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * Hands every pending token due by {@code horizonNanos} to its connection's event loop: one task per
     * event loop, not one per stream (each HTTP request has a context of its own, so grouping by context
     * meant a cross-thread hand-over per token), and each token is then emitted on its stream's context.
     */
    private void dispatchDue(long horizonNanos) {
        Map<EventLoop, List<Delivery>> byLoop = new LinkedHashMap<>();
        long stalled = lateness.stalledNanos(); // before this step's own stall is recorded (loop())
        while (!pending.isEmpty() && pending.peekFirst().atNanos() <= horizonNanos) {
            Emission emission = pending.pollFirst();
            StreamTarget target = emission.finished()
                    ? targets.remove(emission.sequenceId())
                    : targets.get(emission.sequenceId());
            if (target != null) {
                ContextInternal context = (ContextInternal) target.context();
                byLoop.computeIfAbsent(context.nettyEventLoop(), l -> new ArrayList<>())
                        .add(new Delivery(context, target, emission, stalled));
            }
        }
        byLoop.forEach((loop, deliveries) -> loop.execute(() -> {
            for (Delivery d : deliveries) {
                lateness.recordNanos(nanoClock.getAsLong() - d.emission.atNanos());
                d.context.emit(d, Delivery::send);
            }
        }));
    }

    /** Stops the thread (within about a second); pending streams get no more tokens. */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private record Delivery(ContextInternal context, StreamTarget target, Emission emission, long stalledNanos) {
        void send() {
            target.onEmission(emission, emission.atNanos(), stalledNanos);
        }
    }
}
