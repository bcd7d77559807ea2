package dev.infergate.load;

import static dev.infergate.load.LoopHarness.MS;
import static dev.infergate.load.LoopHarness.requests;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenLoopTest {
    private static final ArrivalSchedule TEN_PER_SECOND = new ConstantRateSchedule(10);

    @TempDir
    Path dir;

    @Test
    void requestsLeaveAtTheirArrivalTimes_whetherOrNotEarlierOnesFinished() throws Exception {
        LoopHarness h = new LoopHarness(dir, new OpenLoop(TEN_PER_SECOND, 0), requests(5, Duration.ofSeconds(1)), id -> 350);
        Runner.Outcome outcome = h.run();

        assertThat(h.scheduledMillis()).containsExactly(0L, 100L, 200L, 300L, 400L);
        assertThat(h.sentAtMillis()).containsExactly(0L, 100L, 200L, 300L, 400L);
        assertThat(h.server.maxInFlight).isEqualTo(4);
        assertThat(outcome.finished()).isEqualTo(5);
        assertThat(h.server.finished).allMatch(r -> r.queueWaitNanos() == 0);
    }

    @Test
    void aCappedRun_holdsArrivalsInTheGate_andRecordsTheirWait() throws Exception {
        LoopHarness h = new LoopHarness(dir, new OpenLoop(TEN_PER_SECOND, 1), requests(3, Duration.ofSeconds(5)), id -> 250);
        h.run();

        assertThat(h.server.maxInFlight).isEqualTo(1);
        assertThat(h.scheduledMillis()).containsExactly(0L, 100L, 200L); // the arrival times stay the schedule's
        assertThat(h.sentAtMillis()).containsExactly(0L, 250L, 500L); // each when the slot before it freed
        assertThat(h.server.finished).extracting(r -> r.queueWaitNanos() / MS).containsExactly(0L, 150L, 300L);
        assertThat(h.server.finished).extracting(r -> r.ttftFromScheduledNanos() / MS).containsExactly(250L, 400L, 550L);
    }

    @Test
    void aShard_sendsOnlyItsOwnIds_atTheTimesTheWholeScheduleGivesThem() throws Exception {
        LoopHarness h = new LoopHarness(dir, new OpenLoop(TEN_PER_SECOND, 0), requests(6, Duration.ofSeconds(1)),
                new Shard(1, 2), id -> 10);
        h.run();

        assertThat(h.server.sent).extracting(s -> s.dispatch().spec().id()).containsExactly(1L, 3L, 5L);
        assertThat(h.scheduledMillis()).containsExactly(100L, 300L, 500L);
    }

    @Test
    void aDurationLimit_endsTheScheduleAtItsEnd_warmupFirst() throws Exception {
        LoopHarness h = new LoopHarness(dir, new OpenLoop(TEN_PER_SECOND, 0),
                new RunLimits(0, Duration.ofMillis(500), 0, Duration.ofMillis(200), Duration.ofSeconds(1)), id -> 10);
        h.run();

        assertThat(h.scheduledMillis()).containsExactly(0L, 100L, 200L, 300L, 400L, 500L, 600L);
        assertThat(h.server.finished).extracting(r -> r.phase().toString())
                .containsExactly("WARMUP", "WARMUP", "MEASURED", "MEASURED", "MEASURED", "MEASURED", "MEASURED");
    }

    @Test
    void badValues_areNamed() {
        assertThatThrownBy(() -> new OpenLoop(null, 0)).hasMessage("schedule must not be null");
        assertThatThrownBy(() -> new OpenLoop(TEN_PER_SECOND, -1)).hasMessageStartingWith("max concurrency (-1)");
    }
}
