package dev.infergate.sim.driver;

import dev.infergate.sim.engine.Emission;
import dev.infergate.sim.engine.Engine;
import dev.infergate.sim.engine.Sequence;
import dev.infergate.sim.engine.Step;
import io.vertx.core.Context;
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
 * Runs the {@link Engine} on the wall clock: one dedicated thread owns the engine, runs a step, parks until
 * the step's modelled end time (spinning the last {@value #SPIN_NANOS} ns, because a park can overshoot),
 * then hands the step's tokens to each connection's event loop, one hop per event loop per step.
 *
 * <p>Steps follow each other back to back on the model's timeline: the next step starts at the previous
 * step's end, not at the moment the dispatch finished, so dispatch cost does not stretch the model. If the
 * thread falls more than {@value #RESYNC_NANOS} ns behind (a GC pause, an overloaded machine), the timeline
 * restarts from now instead of rushing through the backlog. Requests arriving during a step wait for the next.
 */
public final class RealTimeDriver implements AutoCloseable {
    static final long SPIN_NANOS = 80_000;
    static final long RESYNC_NANOS = 5_000_000;
    private static final long IDLE_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final Engine engine;
    private final LongSupplier nanoClock;
    private final DispatchLateness lateness;
    private final ConcurrentLinkedQueue<Runnable> inbox = new ConcurrentLinkedQueue<>();
    private final Map<Long, StreamTarget> targets = new HashMap<>();
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
        while (!closed) {
            drainInbox();
            if (!engine.hasWork()) {
                LockSupport.parkNanos(this, IDLE_PARK_NANOS);
                stepStartNanos = nanoClock.getAsLong();
                continue;
            }
            Step step = engine.step(stepStartNanos);
            if (step.scheduledSequences() == 0) {
                LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(1));
                stepStartNanos = nanoClock.getAsLong();
                continue;
            }
            sleepUntil(step.endNanos());
            dispatch(step);
            long now = nanoClock.getAsLong();
            stepStartNanos = now - step.endNanos() > RESYNC_NANOS ? now : step.endNanos();
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

    private void dispatch(Step step) {
        Map<Context, List<Delivery>> byContext = new LinkedHashMap<>();
        for (Emission emission : step.emissions()) {
            StreamTarget target = emission.finished()
                    ? targets.remove(emission.sequenceId())
                    : targets.get(emission.sequenceId());
            if (target != null) {
                byContext.computeIfAbsent(target.context(), c -> new ArrayList<>()).add(new Delivery(target, emission));
            }
        }
        long intendedNanos = step.endNanos();
        byContext.forEach((context, deliveries) -> context.runOnContext(v -> {
            for (Delivery d : deliveries) {
                lateness.recordNanos(nanoClock.getAsLong() - intendedNanos);
                d.target.onEmission(d.emission, intendedNanos);
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

    private record Delivery(StreamTarget target, Emission emission) {}
}
