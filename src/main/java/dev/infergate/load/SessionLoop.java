package dev.infergate.load;

import dev.infergate.record.RequestRecord;
import dev.infergate.workload.SessionWorkload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Agent sessions: {@code sessions} conversations run at once, each {@code turns} turns in order. A turn is
 * sent when the previous one finished plus {@code thinkTime} (the user, or the agent's tool, at work): its
 * scheduled time is the previous turn's {@code done} mark plus the think time, so its queue wait is only the
 * client's own delay. Its prompt holds the session's earlier replies as received ({@link SessionWorkload}).
 *
 * <p>The first {@code warmupSessions} sessions run first, all at once, as warm-up (recorded, excluded from
 * figures); the {@code sessions} measured ones start when they are done. A shard runs the sessions it
 * {@linkplain Shard#owns owns}, whole. Request ids ({@link #requestId}) are unique across shards and
 * numbered turn by turn within each wave (all first turns, then all second turns, ...): the client picks a
 * request's event loop from its id, so the turns in flight at once spread evenly over the event loops.
 * Warm-up ids come first, so {@link #limits} gives the matching {@link RunLimits}.
 *
 * <p>A failed turn ends its session: it is recorded, and the session's later turns are never sent (an agent
 * cannot go on without the answer). The summary counts the sessions that completed every turn.
 */
public record SessionLoop(int sessions, int turns, Duration thinkTime, int warmupSessions) implements LoadModel {
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

    @Override
    public void schedule(RunContext run) throws InterruptedException {
        if (!(run.workload() instanceof SessionWorkload workload)) {
            throw new IllegalStateException("the session load model needs a session workload (WorkloadDefinition.sessions)");
        }
        wave(run, workload, 0, warmupSessions);
        if (!run.stopped()) {
            wave(run, workload, warmupSessions, warmupSessions + sessions);
        }
    }

    /** Runs sessions {@code from..to-1} of this shard at once; returns when all ended or the run stopped. */
    private void wave(RunContext run, SessionWorkload workload, long from, long to) throws InterruptedException {
        List<Long> owned = new ArrayList<>();
        for (long s = from; s < to; s++) {
            if (run.shard().owns(s)) {
                owned.add(s);
            }
        }
        CountDownLatch ended = new CountDownLatch(owned.size());
        long start = System.nanoTime();
        for (long s : owned) {
            next(run, workload, new Session(s, ended), List.of(), start);
        }
        while (!ended.await(50, TimeUnit.MILLISECONDS)) {
            if (run.stopped()) {
                return;
            }
        }
    }

    /** Sends the session's next turn at {@code scheduledNanos}, or ends the session. */
    private void next(RunContext run, SessionWorkload workload, Session session, List<SessionWorkload.Reply> earlier,
            long scheduledNanos) {
        int turn = earlier.size();
        long id = turn < turns ? requestId(session.index, turn) : -1;
        if (turn == turns || run.stopped() || !run.limits().allows(id, scheduledNanos - run.originNanos())) {
            session.ended.countDown();
            return;
        }
        Runnable send = () -> run.send(id, scheduledNanos, Long.toString(session.index), turn,
                () -> workload.turn(id, session.index, earlier),
                (record, text) -> finished(run, workload, session, earlier, record, text));
        // rounded up: a timer that fires before the scheduled mark would send early (a negative queue wait)
        long delayMillis = Math.floorDiv(scheduledNanos - System.nanoTime() + 999_999, 1_000_000);
        if (delayMillis >= 1) {
            run.timer(delayMillis, send);
        } else {
            send.run();
        }
    }

    private void finished(RunContext run, SessionWorkload workload, Session session, List<SessionWorkload.Reply> earlier,
            RequestRecord record, String text) {
        if (!record.succeeded()) {
            session.ended.countDown(); // an agent cannot go on without the answer
            return;
        }
        List<SessionWorkload.Reply> replies = new ArrayList<>(earlier.size() + 1);
        replies.addAll(earlier);
        replies.add(new SessionWorkload.Reply(text,
                record.outputTokensSource() == dev.infergate.record.TokenSource.USAGE ? record.outputTokens() : -1));
        long doneNanos = run.originNanos() + record.doneNanos();
        next(run, workload, session, List.copyOf(replies), doneNanos + thinkTime.toNanos());
    }

    /**
     * The id of {@code turn} of {@code session}: warm-up sessions first, then measured ones; within each,
     * turn-major ({@code turn * sessionsInWave + indexInWave}).
     */
    public long requestId(long session, int turn) {
        if (session < warmupSessions) {
            return (long) turn * warmupSessions + session;
        }
        return (long) warmupSessions * turns + (long) turn * sessions + (session - warmupSessions);
    }

    /** One running session: its index and the latch of its wave. */
    private record Session(long index, CountDownLatch ended) {}

    /**
     * 0 (no cap on the connection pool): at most {@code max(sessions, warmupSessions)} turns are in flight,
     * but the pool is split between the client's event loops and a turn's loop follows from its id, so a cap
     * at that count could leave one loop short of connections and make turns queue in the client.
     * Connections are opened on demand, so no more are opened than turns in flight.
     */
    @Override
    public int maxInFlight() {
        return 0;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mode", "sessions");
        m.put("sessions", sessions);
        m.put("turns", turns);
        m.put("think_time_ms", thinkTime.toMillis());
        m.put("warmup_sessions", warmupSessions);
        return m;
    }
}
