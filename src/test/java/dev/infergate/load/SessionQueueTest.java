package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.junit.jupiter.api.Test;

/** The session starts replayed on simulated time: each session lasts a fixed, uneven number of ticks. */
class SessionQueueTest {
    /** Start tick of each session, in the order started. */
    private final Map<Long, Long> startedAt = new LinkedHashMap<>();
    private final List<long[]> endedAt = new ArrayList<>();
    private int mostInProgress;

    private static long ticks(long session) {
        return 1 + (session * 7) % 5; // 1..5 ticks, no two neighbours alike
    }

    /** Runs {@code queue} to the end: starts at tick 0, then one end event at a time, in time order. */
    private void replay(SessionQueue queue) {
        PriorityQueue<long[]> ends = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        for (long s : queue.start()) {
            start(queue, ends, s, 0);
        }
        while (!ends.isEmpty()) {
            long[] end = ends.poll();
            endedAt.add(end);
            for (long s : queue.ended()) {
                start(queue, ends, s, end[0]);
            }
        }
        assertThat(queue.finished()).isTrue();
    }

    private void start(SessionQueue queue, PriorityQueue<long[]> ends, long session, long tick) {
        assertThat(startedAt.put(session, tick)).as("session %d starts once", session).isNull();
        mostInProgress = Math.max(mostInProgress, queue.inProgress());
        ends.add(new long[] {tick + ticks(session), session});
    }

    @Test
    void concurrent_keepsAtMostNInProgress_startingTheNextInOrderWhenOneEnds() {
        replay(SessionQueue.concurrent(new long[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 3));

        assertThat(startedAt.keySet()).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        assertThat(mostInProgress).isEqualTo(3);
        assertThat(startedAt).containsEntry(0L, 0L).containsEntry(1L, 0L).containsEntry(2L, 0L);
        // every later session starts at the tick an earlier one ended, one start per end
        for (int k = 3; k < 10; k++) {
            assertThat(startedAt.get((long) k)).isEqualTo(endedAt.get(k - 3)[0]);
        }
    }

    @Test
    void concurrent_withMoreSlotsThanSessions_startsThemAll() {
        replay(SessionQueue.concurrent(new long[] {4, 9}, 8));

        assertThat(startedAt).containsExactly(Map.entry(4L, 0L), Map.entry(9L, 0L));
    }

    @Test
    void waves_runTheWarmupSessionsFirst_andTheRestWhenTheLastOfThemEnded() {
        replay(SessionQueue.waves(new long[] {0, 1, 2, 3, 4, 5}, 2));

        long lastWarmupEnd = Math.max(ticks(0), ticks(1));
        assertThat(startedAt).containsEntry(0L, 0L).containsEntry(1L, 0L);
        for (long s = 2; s < 6; s++) {
            assertThat(startedAt).containsEntry(s, lastWarmupEnd);
        }
        assertThat(mostInProgress).isEqualTo(4);
    }

    @Test
    void waves_withoutWarmup_startEverySessionAtOnce() {
        replay(SessionQueue.waves(new long[] {0, 1, 2}, 0));

        assertThat(startedAt.values()).containsOnly(0L);
    }

    @Test
    void arrivals_admitInOrder_andFinishOnlyWhenEveryAdmittedSessionEnded() {
        SessionQueue queue = SessionQueue.arrivals(new long[] {1, 3, 5});
        assertThat(queue.start()).isEmpty();
        assertThat(queue.admit()).isEqualTo(1);
        assertThat(queue.ended()).isEmpty();
        assertThat(queue.finished()).as("sessions 3 and 5 have not arrived").isFalse();
        assertThat(queue.admit()).isEqualTo(3);
        assertThat(queue.admit()).isEqualTo(5);
        assertThat(queue.admit()).isEqualTo(-1);
        assertThat(queue.finished()).isFalse();
        queue.ended();
        queue.ended();
        assertThat(queue.finished()).isTrue();
    }

    @Test
    void abandon_startsNothingMore_andFinishesWhenTheSessionsInProgressEnded() {
        SessionQueue queue = SessionQueue.concurrent(new long[] {0, 1, 2, 3}, 2);
        assertThat(queue.start()).containsExactly(0L, 1L);
        queue.abandon();
        assertThat(queue.ended()).isEmpty();
        assertThat(queue.finished()).isFalse();
        assertThat(queue.ended()).isEmpty();
        assertThat(queue.finished()).isTrue();
    }

    @Test
    void misuse_isRefused() {
        assertThatThrownBy(() -> SessionQueue.concurrent(new long[] {0}, 1).ended())
                .hasMessage("a session ended while none was in progress");
        assertThatThrownBy(() -> SessionQueue.concurrent(new long[] {0}, 0)).hasMessage("concurrent sessions (0) must be >= 1");
        assertThatThrownBy(() -> SessionQueue.waves(new long[] {0}, 2)).hasMessage("warm-up sessions (2) must be between 0 and 1");
        assertThatThrownBy(() -> SessionQueue.waves(new long[] {0}, 0).admit()).hasMessage("only an arrivals queue admits sessions");
    }
}
