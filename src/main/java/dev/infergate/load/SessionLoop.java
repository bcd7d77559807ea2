package dev.infergate.load;

import dev.infergate.record.LoadDescription;
import dev.infergate.client.Completion;
import dev.infergate.record.RequestRecord;
import dev.infergate.workload.SessionWorkload;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.concurrent.CountDownLatch;

/**
 * Agent sessions: {@code warmupSessions + sessions} conversations of {@code turns} turns each, the turns of a
 * session in order. A turn is sent when the previous one finished plus {@code thinkTime} (the user, or the
 * agent's tool, at work): its scheduled time is the previous turn's {@code done} mark plus the think time, so
 * its queue wait is only the client's own delay. Its prompt holds the session's earlier replies as received
 * ({@link SessionWorkload}). When each session's first turn is scheduled is the {@link SessionStarts}: all at
 * once (warm-up sessions first, as a wave of their own), at most N in progress, or on an arrival schedule.
 *
 * <p>Sessions are numbered 0, 1, 2, ... (warm-up sessions first) and start in that order; which of them
 * starts when follows from the starts and the server's answers alone. A shard runs the sessions it
 * {@linkplain Shard#owns owns}, whole. Request ids ({@link #requestId}) are a pure function of session and
 * turn, unique across shards, and numbered turn by turn within the warm-up block and the measured block (all
 * first turns, then all second turns, ...): the client picks a request's event loop from its id, so turns in
 * flight at once spread evenly over the event loops. Warm-up ids come first, so {@link #limits} gives the
 * matching {@link RunLimits}.
 *
 * <p>A failed turn ends its session: it is recorded, and the session's later turns are never sent (an agent
 * cannot go on without the answer). The summary counts the sessions that completed every turn.
 */
public record SessionLoop(int sessions, int turns, Duration thinkTime, int warmupSessions, SessionStarts starts)
        implements LoadModel {
    public SessionLoop {
        if (sessions < 1) {
            throw new IllegalArgumentException("sessions (" + sessions + ") must be >= 1");
        }
        if (turns < 1 || turns >= SessionWorkload.MAX_TURNS) {
            throw new IllegalArgumentException("turns (" + turns + ") must be >= 1 and < " + SessionWorkload.MAX_TURNS);
        }
        if (thinkTime == null || thinkTime.isNegative()) {
            throw new IllegalArgumentException("think time (" + thinkTime + ") must be >= 0");
        }
        if (warmupSessions < 0) {
            throw new IllegalArgumentException("warm-up sessions (" + warmupSessions + ") must be >= 0");
        }
        if ((long) sessions + warmupSessions > SessionWorkload.MAX_SESSIONS) {
            throw new IllegalArgumentException("sessions (" + ((long) sessions + warmupSessions) + ") must be <= "
                    + SessionWorkload.MAX_SESSIONS);
        }
        if (starts == null) {
            throw new IllegalArgumentException("starts must not be null");
        }
    }

    /** Every session at once, the warm-up sessions first ({@link SessionStarts#ALL_AT_ONCE}). */
    public SessionLoop(int sessions, int turns, Duration thinkTime, int warmupSessions) {
        this(sessions, turns, thinkTime, warmupSessions, SessionStarts.ALL_AT_ONCE);
    }

    /**
     * The limits of this model: every turn of every session, the warm-up sessions' turns as warm-up.
     *
     * @param duration     measured time after which no further turn starts, or null for none
     * @param drainTimeout how long turns in flight may finish after scheduling stopped
     */
    public RunLimits limits(Duration duration, Duration drainTimeout) {
        return new RunLimits((long) sessions * turns, duration, (long) warmupSessions * turns, null, drainTimeout);
    }

    /** Every turn of every session, as {@link #limits(Duration, Duration)}, with the asked duration and drain. */
    @Override
    public RunLimits limits(RunLimits asked) {
        return limits(asked.duration(), asked.drainTimeout());
    }

    @Override
    public Kind kind() {
        return Kind.SESSIONS;
    }

    /** 0: a session sends its next turn when the last one finished. */
    @Override
    public int clientConcurrencyCap() {
        return 0;
    }

    @Override
    public void schedule(RunContext run) throws InterruptedException {
        if (!(run.workload() instanceof SessionWorkload workload)) {
            throw new IllegalStateException("the session load model needs a session workload (WorkloadDefinition.sessions)");
        }
        long total = (long) warmupSessions + sessions;
        List<Long> owned = new ArrayList<>();
        int ownedWarmup = 0;
        for (long s = 0; s < total; s++) {
            if (run.shard().owns(s)) {
                owned.add(s);
                ownedWarmup += s < warmupSessions ? 1 : 0;
            }
        }
        long[] order = owned.stream().mapToLong(Long::longValue).toArray();
        SessionQueue queue;
        if (starts instanceof SessionStarts.Concurrent c) {
            queue = SessionQueue.concurrent(order, c.sessions());
        } else if (starts instanceof SessionStarts.Arrivals) {
            queue = SessionQueue.arrivals(order);
        } else {
            queue = SessionQueue.waves(order, ownedWarmup);
        }
        Sessions running = new Sessions(run, workload, queue);
        if (starts instanceof SessionStarts.Arrivals a) {
            running.arrive(a.schedule(), total);
        } else {
            running.start(queue.start(), run.clock().nanoTime());
        }
        running.await();
    }

    /**
     * The id of {@code turn} of {@code session}: warm-up sessions first, then measured ones; within each,
     * turn-major ({@code turn * sessionsInBlock + indexInBlock}).
     */
    public long requestId(long session, int turn) {
        if (session < warmupSessions) {
            return (long) turn * warmupSessions + session;
        }
        return (long) warmupSessions * turns + (long) turn * sessions + (session - warmupSessions);
    }

    /** One run of this model: starts sessions as the queue says and drives each turn by turn. */
    private final class Sessions {
        private final RunContext run;
        private final SessionWorkload workload;
        private final SessionQueue queue;
        private final CountDownLatch finished = new CountDownLatch(1);

        Sessions(RunContext run, SessionWorkload workload, SessionQueue queue) {
            this.run = run;
            this.workload = workload;
            this.queue = queue;
        }

        /** Waits until every session ended, or the run stopped (sessions in flight are then the run's to drain). */
        void await() throws InterruptedException {
            checkFinished();
            while (!run.clock().await(finished, 50)) {
                if (run.stopped()) {
                    return;
                }
            }
        }

        /**
         * Starts {@code toStart}, each session's first turn scheduled at {@code scheduledNanos}. A session that
         * may not start (the run stopped, or its end passed) ends at once, and so does every later one.
         */
        void start(List<Long> toStart, long scheduledNanos) {
            Deque<Long> pending = new ArrayDeque<>(toStart);
            while (!pending.isEmpty()) {
                long session = pending.poll();
                if (run.stopped() || !run.limits().allows(requestId(session, 0), scheduledNanos - run.originNanos())) {
                    queue.abandon(); // later sessions have later ids and times: none of them could start either
                    pending.addAll(queue.ended());
                    continue;
                }
                send(session, List.of(), scheduledNanos);
            }
            checkFinished();
        }

        /** Arrivals: walks the schedule on the scheduling thread, starting each owned session at its arrival. */
        void arrive(ArrivalSchedule schedule, long total) {
            PrimitiveIterator.OfLong offsets = schedule.offsets();
            for (long s = 0; s < total && offsets.hasNext() && !run.stopped(); s++) {
                long offset = offsets.nextLong();
                if (!run.shard().owns(s)) {
                    continue;
                }
                if (!run.limits().allows(requestId(s, 0), offset)) {
                    break;
                }
                long due = run.originNanos() + offset;
                run.clock().waitUntil(due, run::stopped);
                if (run.stopped()) {
                    break;
                }
                long admitted = queue.admit();
                if (admitted != s) {
                    throw new IllegalStateException("session " + s + " arrived but the queue admitted " + admitted);
                }
                send(s, List.of(), due);
            }
            queue.abandon();
            checkFinished();
        }

        /** A session ended at {@code atNanos} (its last turn's end): starts the sessions the queue frees. */
        private void ended(long atNanos) {
            start(queue.ended(), atNanos);
        }

        private void checkFinished() {
            if (queue.finished()) {
                finished.countDown();
            }
        }

        /** Sends turn {@code earlier.size()} of {@code session} at {@code scheduledNanos}, or ends the session. */
        private void send(long session, List<SessionWorkload.Reply> earlier, long scheduledNanos) {
            int turn = earlier.size();
            long id = requestId(session, turn);
            if (run.stopped() || !run.limits().allows(id, scheduledNanos - run.originNanos())) {
                ended(turn == 0 ? scheduledNanos : scheduledNanos - thinkTime.toNanos());
                return;
            }
            Runnable send = () -> run.send(id, scheduledNanos, Long.toString(session), turn,
                    () -> workload.turn(id, session, earlier),
                    completion -> finished(session, earlier, completion));
            // rounded up: a timer that fires before the scheduled mark would send early (a negative queue wait)
            long delayMillis = Math.floorDiv(scheduledNanos - run.clock().nanoTime() + 999_999, 1_000_000);
            if (delayMillis >= 1) {
                run.clock().schedule(delayMillis, send);
            } else {
                send.run();
            }
        }

        private void finished(long session, List<SessionWorkload.Reply> earlier, Completion turn) {
            long doneNanos = turn.doneNanos() == RequestRecord.ABSENT ? run.clock().nanoTime()
                    : run.originNanos() + turn.doneNanos();
            if (!turn.succeeded() || earlier.size() + 1 == turns) {
                ended(doneNanos); // done, or an agent that cannot go on without the answer
                return;
            }
            List<SessionWorkload.Reply> replies = new ArrayList<>(earlier.size() + 1);
            replies.addAll(earlier);
            replies.add(new SessionWorkload.Reply(turn.outputText(), turn.usageOutputTokens()));
            send(session, List.copyOf(replies), doneNanos + thinkTime.toNanos());
        }
    }

    /**
     * 0 (no cap on the connection pool): the turns in flight are at most the sessions in progress, but the
     * pool is split between the client's event loops and a turn's loop follows from its id, so a cap at that
     * count could leave one loop short of connections and make turns queue in the client. Connections are
     * opened on demand, so no more are opened than turns in flight.
     */
    @Override
    public int maxInFlight() {
        return 0;
    }

    @Override
    public LoadDescription description() {
        return new LoadDescription.Sessions(kind().mode(), sessions, turns, thinkTime.toMillis(), warmupSessions,
                starts.description());
    }
}
