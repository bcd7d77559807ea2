package dev.infergate.load;

import dev.infergate.client.Completion;
import dev.infergate.client.Dispatch;
import dev.infergate.client.RequestClient;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.Phase;
import dev.infergate.record.RecordWriter;
import dev.infergate.record.RequestRecord;
import dev.infergate.workload.RequestSpec;
import dev.infergate.workload.Workload;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * What a {@link LoadModel} schedules against: the clock origin, the limits, the shard, and a way to send
 * request {@code id} at its scheduled time. Every request handed to {@link #send} ends as exactly one
 * record: completed, failed, or cancelled while it waited.
 */
public final class RunContext {
    private final Sender client;
    private final RunClock clock;
    private final Workload workload;
    private final RunLimits limits;
    private final Shard shard;
    private final long originNanos;
    private final RecordWriter writer;
    private final String condition;
    private final ConcurrencyGate gate;
    private final Progress progress;
    private final AtomicLong nextShardIndex = new AtomicLong();
    private volatile boolean stopped;
    /** Measured requests handed to {@link #send} so far, and those of them that ended (counted as they end, like {@link #count}). */
    private final AtomicLong measuredSent = new AtomicLong();
    private final AtomicLong measuredEnded = new AtomicLong();
    /** Whether a cool-down request was sent: every measured one was then sent before it (an open loop's arrivals come in order). */
    private volatile boolean inCooldown;
    private volatile java.util.function.BooleanSupplier drainDecided;
    private volatile Supplier<String> drainDecidedReason;

    RunContext(Sender client, RunClock clock, Workload workload, RunLimits limits, Shard shard, long originNanos,
            RecordWriter writer, Progress progress, String condition, int maxConcurrency, int maxQueued) {
        this.client = client;
        this.clock = clock;
        this.workload = workload;
        this.limits = limits;
        this.shard = shard;
        this.originNanos = originNanos;
        this.writer = writer;
        this.progress = progress;
        this.condition = condition;
        this.gate = new ConcurrencyGate(maxConcurrency, maxQueued, clock::nanoTime);
    }

    public RunLimits limits() {
        return limits;
    }

    public Shard shard() {
        return shard;
    }

    public long originNanos() {
        return originNanos;
    }

    public Progress progress() {
        return progress;
    }

    /** Whether scheduling must stop: {@link #stop()} was called, or the cool-down is over ({@link #cooldownOver()}). */
    public boolean stopped() {
        return stopped || cooldownOver();
    }

    /**
     * Whether the run's cool-down ({@link RunLimits#cooldownDuration()}) has done its work: it began, and every measured
     * request has ended (or the watcher decided the run's outcome, {@link #endDrainWhen}), so no arrival need keep the
     * load on any more. Scheduling stops then, and the drain cancels the requests still in flight (recorded as cancelled,
     * with the reason; a cool-down one is never in a figure). Before the cool-down began this is false, whatever was
     * decided: every measured arrival is offered.
     */
    public boolean cooldownOver() {
        return inCooldown && (measuredEnded.get() >= measuredSent.get() || watcherDecided());
    }

    /** Stops scheduling; requests in flight go on until drained or cancelled. */
    public void stop() {
        stopped = true;
    }

    /**
     * Ends the drain before its timeout once {@code decided} says the run's outcome can no longer change (a capacity
     * probe whose miss of the SLO target is decided whatever the requests still in flight do): they are cancelled then,
     * recorded as such with {@code reason}'s text, never lost. Scheduling is never cut short: every measured arrival is
     * offered (only a cool-down's, unmeasured, stop then).
     */
    public void endDrainWhen(java.util.function.BooleanSupplier decided, Supplier<String> reason) {
        this.drainDecidedReason = reason;
        this.drainDecided = decided;
    }

    /** Whether the drain may end now ({@link #endDrainWhen}, or a cool-down that is over). */
    boolean drainDecided() {
        return watcherDecided() || cooldownOver();
    }

    private boolean watcherDecided() {
        java.util.function.BooleanSupplier d = drainDecided;
        return d != null && d.getAsBoolean();
    }

    /** Why the drain ended early, for the cancelled requests' records. */
    String drainDecidedReason() {
        if (!watcherDecided() && cooldownOver()) {
            return "every measured request had ended: a cool-down request, sent only to keep the load on";
        }
        Supplier<String> r = drainDecidedReason;
        return r == null ? "the run's outcome was decided" : r.get();
    }

    /** Requests waiting in the client for a concurrency slot. */
    public int waiting() {
        return gate.waiting();
    }

    public int inFlight() {
        return client.inFlight();
    }

    /** The next request id of this worker's shard (closed loop). */
    long claimId() {
        return shard.index() + nextShardIndex.getAndIncrement() * shard.count();
    }

    /** The clock and timers the load model schedules with. */
    RunClock clock() {
        return clock;
    }

    /** The workload the run sends (the session load model needs its {@code turn} method). */
    Workload workload() {
        return workload;
    }

    /**
     * Sends request {@code id}, scheduled at {@code scheduledNanos} (absolute), through the concurrency gate.
     *
     * @param after run once the request finished (closed loop: the user's next request), or null
     */
    void send(long id, long scheduledNanos, Runnable after) {
        send(id, scheduledNanos, null, -1, () -> workload.spec(id), after == null ? null : completion -> after.run());
    }

    /**
     * Sends request {@code id} with a spec the load model builds, for requests that depend on earlier outputs
     * (agent sessions: a turn's prompt holds the session's earlier replies). Otherwise as
     * {@link #send(long, long, Runnable)}.
     *
     * @param session the agent-session id recorded with the request, or null
     * @param turn    the turn within the session (0-based), or -1
     * @param spec    builds the spec, inside the gate task just before sending; its id must be {@code id}
     * @param after   told how the request ended once it finished (on an event loop), unless the run was
     *                stopped; or null
     */
    void send(long id, long scheduledNanos, String session, int turn, Supplier<RequestSpec> spec,
            RequestClient.Listener after) {
        Phase phase = limits.phase(id, scheduledNanos - originNanos);
        if (phase == Phase.MEASURED) {
            measuredSent.incrementAndGet();
        } else if (phase == Phase.COOLDOWN) {
            inCooldown = true;
        }
        progress.started.incrementAndGet();
        gate.submit(new ConcurrencyGate.Task() {
            @Override
            public void run(long slotFreedNanos) {
                long slot = slotFreedNanos == ConcurrencyGate.NO_WAIT ? scheduledNanos : slotFreedNanos;
                Dispatch dispatch = new Dispatch(spec.get(), scheduledNanos, phase, condition, session, turn, slot);
                client.send(dispatch, (Completion c) -> {
                    ended(phase);
                    count(c.error() == null || !c.error().failure()); // a user's cancel is not a live failure
                    gate.release();
                    if (after != null && !stopped) {
                        after.finished(c);
                    }
                });
            }

            @Override
            public void cancel() {
                writer.submit(unsent(ErrorClass.CANCELLED, "never sent: the run ended while it waited for a concurrency slot"));
                ended(phase);
                count(false);
            }

            @Override
            public void refuse(int inFlight, int queued) {
                writer.submit(unsent(ErrorClass.NOT_SENT, "not sent by the client: " + inFlight + " requests in flight"
                        + " and " + queued + " waiting, its limits (--max-concurrency, --max-queued); the client's, not the server's"));
                progress.notSent.incrementAndGet();
                ended(phase);
                count(false); // only open loops are capped: no user or session waits for this one
            }

            private RequestRecord unsent(ErrorClass error, String detail) {
                return RequestRecord.builder(id).worker(shard.index()).phase(phase).condition(condition)
                        .session(session).turn(turn).scheduledNanos(Math.max(0, scheduledNanos - originNanos))
                        .doneNanos(Math.max(0, clock.nanoTime() - originNanos)).error(error).errorDetail(detail)
                        .build();
            }
        });
    }

    private void ended(Phase phase) {
        if (phase == Phase.MEASURED) {
            measuredEnded.incrementAndGet();
        }
    }

    /** Counts a finished request at once; its output tokens are counted from its record ({@link Progress#recorded}). */
    private void count(boolean succeeded) {
        (succeeded ? progress.completed : progress.failed).incrementAndGet();
    }

    /** Ends the run: cancels requests still waiting for a slot, then those still in flight. */
    void cancelRemaining(String reason) {
        gate.cancelWaiting();
        client.cancelAll(reason);
    }

    /**
     * Records the requests whose cancellation did not end in time as cancelled, here and now, so that none is
     * left without a record when the writer closes; each counts as failed (no user waits for it any more).
     */
    void abandonRemaining(String reason) {
        gate.cancelWaiting(); // a request that left the gate late
        long abandoned = client.abandonRemaining(reason);
        for (long i = 0; i < abandoned; i++) {
            count(false);
        }
    }
}
