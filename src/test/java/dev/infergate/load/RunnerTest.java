package dev.infergate.load;

import static dev.infergate.load.LoopHarness.MS;
import static dev.infergate.load.LoopHarness.ORIGIN;
import static dev.infergate.load.LoopHarness.requests;
import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import java.nio.file.Path;
import java.util.List;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run loop's end: the drain, cancellation, Ctrl-C and an interrupted scheduling thread, on a simulated clock. */
class RunnerTest {
    private static final long TEN_MINUTES_MS = 600_000;

    @TempDir
    Path dir;

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    @Test
    void requestsStillInFlightWhenTheDrainEnds_areCancelledThen_andCounted() throws Exception {
        LoopHarness h = new LoopHarness(dir, new OpenLoop(new ConstantRateSchedule(10), 0),
                requests(3, Duration.ofSeconds(1)), id -> id == 2 ? TEN_MINUTES_MS : 50);
        Runner.Outcome outcome = h.run();

        assertThat(outcome.finished()).isEqualTo(3);
        assertThat(outcome.cancelled()).isEqualTo(1);
        RequestRecord last = h.server.finished.get(2);
        assertThat(last.id()).isEqualTo(2);
        assertThat(last.outcome().error()).isEqualTo(ErrorClass.CANCELLED);
        assertThat(last.marks().doneNanos()).isEqualTo(1_200 * MS); // scheduling ended at 200 ms, the drain lasted 1 s
    }

    @Test
    void cancellationsThatEndTooLate_stillLeaveEveryRequestWithOneRecord_beforeTheWriterCloses() throws Exception {
        // a starved machine: the event loops deliver the cancellations 5 s late, after the run's grace period. The
        // writer closed before them, and every request in flight was missing from requests.jsonl
        LoopHarness h = new LoopHarness(dir, new OpenLoop(new ConstantRateSchedule(10), 2, 3),
                requests(8, Duration.ofSeconds(1)), id -> TEN_MINUTES_MS);
        h.server.cancelDelayMillis = 5_000;
        h.server.writesTo = true;
        Runner.Outcome outcome = h.run();

        assertThat(h.server.inFlight()).as("nothing left in flight once the run returned").isZero();
        assertThat(h.logged()).extracting(RequestRecord::id).containsExactlyInAnyOrder(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L);
        assertThat(h.logged()).filteredOn(r -> r.id() < 2).allSatisfy(r -> {
            assertThat(r.outcome().error()).isEqualTo(ErrorClass.CANCELLED);
            assertThat(r.outcome().errorDetail()).contains("its cancellation did not complete within 1000 ms");
            assertThat(r.marks().doneNanos()).isEqualTo(1_700 * MS + Runner.INTERRUPTED_GRACE.toNanos());
        });
        assertThat(outcome.finished()).isEqualTo(8);
        assertThat(outcome.notSent()).isEqualTo(3);
    }

    @Test
    void requestsWaitingForASlotWhenTheRunEnds_areRecordedAsNeverSent_andNoneStartsLate() throws Exception {
        LoopHarness h = new LoopHarness(dir, new OpenLoop(new ConstantRateSchedule(10), 1),
                requests(3, Duration.ofSeconds(1)), id -> TEN_MINUTES_MS);
        Runner.Outcome outcome = h.run();

        assertThat(outcome.cancelled()).isEqualTo(3);
        assertThat(outcome.finished()).isEqualTo(3);
        assertThat(h.server.sent).hasSize(1); // the in-flight one's end did not let a waiting one start
        assertThat(h.logged()).extracting(RequestRecord::id).containsExactlyInAnyOrder(1L, 2L);
        assertThat(h.logged()).allSatisfy(r -> {
            assertThat(r.outcome().error()).isEqualTo(ErrorClass.CANCELLED);
            assertThat(r.outcome().errorDetail()).isEqualTo("never sent: the run ended while it waited for a concurrency slot");
            assertThat(r.marks().sentNanos()).isEqualTo(RequestRecord.ABSENT);
            assertThat(r.queueWaitNanos()).isEqualTo(RequestRecord.ABSENT);
            assertThat(r.marks().doneNanos()).isEqualTo(1_200 * MS);
        });
    }

    @Test
    void aDrainWhoseOutcomeTheWatcherDecided_endsThen_andCancelsWhatIsLeftWithItsReason() throws Exception {
        LoopHarness h = new LoopHarness(dir, new OpenLoop(new ConstantRateSchedule(10), 0),
                requests(3, Duration.ofSeconds(60)), id -> id == 0 ? 100 : TEN_MINUTES_MS);
        Runner.Outcome outcome = h.runner.run(dir, LoopHarness.ORIGIN, text -> 0, ctx -> {
            ctx.endDrainWhen(() -> h.clock.nanoTime() - LoopHarness.ORIGIN >= 500 * MS, () -> "the outcome was decided");
        });

        assertThat(outcome.cancelled()).isEqualTo(2);
        assertThat(h.server.lastCancelReason).isEqualTo("still in flight when the outcome was decided");
        assertThat(h.server.finished).filteredOn(r -> r.outcome().error() == ErrorClass.CANCELLED).hasSize(2)
                .allSatisfy(r -> assertThat(r.marks().doneNanos()).isBetween(500 * MS, 510 * MS)); // not the 60 s drain
    }

    @Test
    void aCooldown_keepsTheLoadOnUntilEveryMeasuredRequestEnded_thenSendsNoMore_andCancelsItsOwnUnmeasured() throws Exception {
        // 10 req/s, 1 s measured (ids 0-9 at 0-900 ms), every answer 250 ms: the last measured one ends at 1,150 ms, served
        // beside the cool-down's arrivals at 1,000 and 1,100 ms, not as the load drained away
        RunLimits limits = new RunLimits(0, Duration.ofSeconds(1), 0, null, Duration.ofSeconds(60)).withCooldown(Duration.ofSeconds(5));
        LoopHarness h = new LoopHarness(dir, new OpenLoop(new ConstantRateSchedule(10), 0), limits, id -> 250);
        Runner.Outcome outcome = h.run();

        assertThat(h.scheduledMillis()).containsExactly(0L, 100L, 200L, 300L, 400L, 500L, 600L, 700L, 800L, 900L, 1_000L, 1_100L);
        assertThat(h.server.finished).filteredOn(r -> r.phase() == Phase.MEASURED).hasSize(10).allMatch(RequestRecord::succeeded);
        assertThat(h.server.finished).filteredOn(r -> r.phase() == Phase.COOLDOWN).extracting(RequestRecord::id)
                .containsExactlyInAnyOrder(10L, 11L);
        assertThat(h.server.finished).filteredOn(r -> r.phase() == Phase.COOLDOWN).allSatisfy(r -> {
            assertThat(r.outcome().error()).isEqualTo(ErrorClass.CANCELLED);
            assertThat(r.marks().doneNanos()).isEqualTo(1_150 * MS); // when the last measured one ended: no drain wait
        });
        assertThat(h.server.lastCancelReason)
                .isEqualTo("still in flight when every measured request had ended: a cool-down request, sent only to keep the load on");
        assertThat(outcome.cancelled()).isEqualTo(2);
        assertThat(h.clock.nanoTime() - ORIGIN).isEqualTo(1_150 * MS);
    }

    @Test
    void aCooldown_endsWhenTheWatcherDecided_butNeverBeforeEveryMeasuredArrivalWasOffered() throws Exception {
        // decided from the start (a probe whose miss is already certain): the measured arrivals are all offered, the cool-down
        // stops after its first arrival, and the drain cancels what is out with the watcher's reason
        RunLimits limits = new RunLimits(0, Duration.ofSeconds(1), 0, null, Duration.ofSeconds(60)).withCooldown(Duration.ofSeconds(5));
        LoopHarness h = new LoopHarness(dir, new OpenLoop(new ConstantRateSchedule(10), 0), limits,
                id -> id == 5 ? TEN_MINUTES_MS : 50);
        Runner.Outcome outcome = h.runner.run(dir, ORIGIN, text -> 0, ctx -> ctx.endDrainWhen(() -> true, () -> "the outcome was decided"));

        assertThat(h.scheduledMillis()).containsExactly(0L, 100L, 200L, 300L, 400L, 500L, 600L, 700L, 800L, 900L, 1_000L);
        assertThat(outcome.cancelled()).isEqualTo(2); // id 5 (measured, a miss the watcher counts) and id 10 (the cool-down's)
        assertThat(h.server.lastCancelReason).isEqualTo("still in flight when the outcome was decided");
        assertThat(h.clock.nanoTime() - ORIGIN).isEqualTo(1_000 * MS);
    }

    @Test
    void aCooldown_followsAMeasuredDuration_andIsTheLastPhase() {
        RunLimits limits = new RunLimits(0, Duration.ofSeconds(1), 0, Duration.ofMillis(500), Duration.ofSeconds(60))
                .withCooldown(Duration.ofSeconds(2));
        assertThat(limits.phase(0, 499 * MS)).isEqualTo(Phase.WARMUP);
        assertThat(limits.phase(1, 500 * MS)).isEqualTo(Phase.MEASURED);
        assertThat(limits.phase(2, 1_499 * MS)).isEqualTo(Phase.MEASURED);
        assertThat(limits.phase(3, 1_500 * MS)).isEqualTo(Phase.COOLDOWN);
        assertThat(limits.allows(4, 3_499 * MS)).isTrue();
        assertThat(limits.allows(5, 3_500 * MS)).isFalse();
        assertThat(limits.measuredEndOffsetNanos()).isEqualTo(1_500 * MS);
        assertThat(limits.withCooldown(null).phase(3, 1_500 * MS)).isEqualTo(Phase.MEASURED); // none: as before
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> requests(10, Duration.ZERO).withCooldown(Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("follows a measured duration");
    }

    @Test
    void aRecordListener_isToldOfEveryFinalRecord() {
        Progress progress = new Progress();
        List<RequestRecord> seen = new java.util.ArrayList<>();
        progress.onRecord(seen::add);
        RequestRecord r = dev.infergate.analysis.ClientLagTest.lagging(1, 0);
        progress.recorded(r);
        assertThat(seen).containsExactly(r);
    }

    @Test
    void aDrainThatOutlivesEveryRequest_endsWithTheLastOne() throws Exception {
        LoopHarness h = new LoopHarness(dir, new OpenLoop(new ConstantRateSchedule(10), 0),
                requests(3, Duration.ofSeconds(60)), id -> 700);
        Runner.Outcome outcome = h.run();

        assertThat(outcome.cancelled()).isZero();
        assertThat(h.server.finished).allMatch(RequestRecord::succeeded);
        // the drain polls every 10 ms: it notices the last end (900 ms) within one poll, never waits out its 60 s
        assertThat(h.clock.nanoTime() - ORIGIN).isBetween(900 * MS, 910 * MS);
    }

    @Test
    void stop_endsScheduling_andCutsTheDrainToTheGracePeriod() throws Exception {
        LoopHarness h = new LoopHarness(dir, new OpenLoop(new ConstantRateSchedule(10), 0),
                requests(100, Duration.ofSeconds(60)), id -> TEN_MINUTES_MS);
        h.server.onSend = d -> {
            if (d.spec().id() == 3) {
                h.runner.stop(); // Ctrl-C while request 3 leaves
            }
        };
        Runner.Outcome outcome = h.run();

        assertThat(outcome.interrupted()).isTrue();
        assertThat(h.server.sent).hasSize(4);
        assertThat(outcome.cancelled()).isEqualTo(4);
        long graceEnd = 300 * MS + Runner.INTERRUPTED_GRACE.toNanos();
        assertThat(h.server.finished).allSatisfy(r -> {
            assertThat(r.outcome().error()).isEqualTo(ErrorClass.CANCELLED);
            assertThat(r.marks().doneNanos()).isEqualTo(graceEnd);
        });
    }

    @Test
    void aStopBeforeSchedulingBegan_sendsNothing() throws Exception {
        LoopHarness h = new LoopHarness(dir, new ClosedLoop(4, Duration.ZERO), requests(100, Duration.ofSeconds(1)), id -> 10);
        h.runner.stop();
        Runner.Outcome outcome = h.run();

        assertThat(outcome.interrupted()).isTrue();
        assertThat(h.server.sent).isEmpty();
        assertThat(outcome.finished()).isZero();
    }

    @Test
    void anInterruptedSchedulingThread_endsTheRunAsInterrupted_andStartsNothingMore() throws Exception {
        LoopHarness h = new LoopHarness(dir, new ClosedLoop(1, Duration.ZERO), requests(100, Duration.ofSeconds(60)),
                id -> 100);
        h.server.onSend = d -> {
            if (d.spec().id() == 2) {
                Thread.currentThread().interrupt();
            }
        };
        Runner.Outcome outcome = h.run();

        assertThat(outcome.interrupted()).isTrue();
        assertThat(h.server.sent).hasSize(3); // request 2 ends in the drain; its user sends no request 3
        assertThat(outcome.finished()).isEqualTo(3);
        assertThat(outcome.cancelled()).isZero();
    }
}
