package dev.infergate.load;

import static dev.infergate.load.LoopHarness.MS;
import static dev.infergate.load.LoopHarness.requests;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClosedLoopTest {
    @TempDir
    Path dir;

    @Test
    void eachUser_sendsItsNextRequestWhenThePreviousFinished_plusTheThinkTime() throws Exception {
        LoopHarness h = new LoopHarness(dir, new ClosedLoop(2, Duration.ofMillis(100)), requests(6, Duration.ofSeconds(1)),
                id -> 50);
        Runner.Outcome outcome = h.run();

        // two users: think 100 ms, served in 50 ms, think again
        assertThat(h.scheduledMillis()).containsExactly(100L, 100L, 250L, 250L, 400L, 400L);
        assertThat(h.sentAtMillis()).containsExactly(100L, 100L, 250L, 250L, 400L, 400L);
        assertThat(outcome.finished()).isEqualTo(6);
        assertThat(outcome.cancelled()).isZero();
        assertThat(outcome.interrupted()).isFalse();
        assertThat(h.server.finished).allMatch(r -> r.queueWaitNanos() == 0);
    }

    @Test
    void neverMoreRequestsInFlightThanUsers_andEveryIdOnce() throws Exception {
        LoopHarness h = new LoopHarness(dir, new ClosedLoop(3, Duration.ZERO), requests(30, Duration.ofSeconds(1)),
                id -> 10 + (id * 37) % 90);
        Runner.Outcome outcome = h.run();

        assertThat(h.server.maxInFlight).isEqualTo(3);
        assertThat(h.server.sent).extracting(s -> s.dispatch().spec().id())
                .containsExactlyInAnyOrderElementsOf(LongStream.range(0, 30).boxed().toList());
        assertThat(outcome.finished()).isEqualTo(30);
    }

    @Test
    void aThinkTimeOffTheMillisecondGrid_neverSendsBeforeTheScheduledMark() throws Exception {
        // timers have millisecond resolution: 1.5 ms must round up to 2, never down to 1 (a negative queue wait)
        LoopHarness h = new LoopHarness(dir, new ClosedLoop(1, Duration.ofNanos(1_500_000)),
                requests(4, Duration.ofSeconds(1)), id -> 3);
        h.run();

        assertThat(h.server.sent).allSatisfy(s -> assertThat(s.atNanos()).isGreaterThanOrEqualTo(s.dispatch().scheduledNanos()));
        assertThat(h.server.sent).extracting(s -> s.atNanos() - s.dispatch().scheduledNanos()).containsOnly(500_000L);
    }

    @Test
    void warmupRequests_comeFirst_andAreMarkedAsSuch() throws Exception {
        LoopHarness h = new LoopHarness(dir, new ClosedLoop(1, Duration.ZERO),
                new RunLimits(3, null, 2, null, Duration.ofSeconds(1)), id -> 5);
        h.run();

        assertThat(h.server.finished).extracting(r -> r.id() + ":" + r.phase())
                .containsExactly("0:WARMUP", "1:WARMUP", "2:MEASURED", "3:MEASURED", "4:MEASURED");
    }

    @Test
    void aDurationLimit_stopsUsersWhoseNextRequestWouldStartAfterIt() throws Exception {
        LoopHarness h = new LoopHarness(dir, new ClosedLoop(1, Duration.ZERO),
                new RunLimits(0, Duration.ofMillis(95), 0, null, Duration.ofSeconds(1)), id -> 10);
        h.run();

        assertThat(h.scheduledMillis()).containsExactly(0L, 10L, 20L, 30L, 40L, 50L, 60L, 70L, 80L, 90L);
        assertThat(h.clock.nanoTime() - LoopHarness.ORIGIN).isEqualTo(100 * MS); // the last one ended, nothing after it
    }

    @Test
    void badValues_areNamed() {
        assertThatThrownBy(() -> new ClosedLoop(0, Duration.ZERO)).hasMessage("concurrency (0) must be >= 1");
        assertThatThrownBy(() -> new ClosedLoop(1, Duration.ofMillis(-1))).hasMessageStartingWith("think time");
    }
}
