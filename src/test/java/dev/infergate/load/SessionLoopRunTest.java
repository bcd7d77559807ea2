package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.workload.BundledTokenizer;
import dev.infergate.workload.LengthDistribution;
import dev.infergate.workload.SessionShape;
import dev.infergate.workload.Workload;
import dev.infergate.workload.WorkloadDefinition;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Agent sessions driven turn by turn on a simulated clock. */
class SessionLoopRunTest {
    private static final Workload SESSIONS = WorkloadDefinition.builder()
            .sessions(new SessionShape(50, new LengthDistribution.Fixed(10), new LengthDistribution.Fixed(10)))
            .outputTokens(new LengthDistribution.Fixed(4)).build().create(BundledTokenizer.cl100k());

    @TempDir
    Path dir;

    private LoopHarness harness(SessionLoop loop) {
        return new LoopHarness(dir, SESSIONS, loop, loop.limits(null, Duration.ofSeconds(1)), Shard.ALL, id -> 50);
    }

    @Test
    void eachTurnLeavesWhenThePreviousEnded_plusTheThinkTime_withTheEarlierRepliesInItsPrompt() throws Exception {
        SessionLoop loop = new SessionLoop(2, 3, Duration.ofMillis(100), 0);
        LoopHarness h = harness(loop);
        Runner.Outcome outcome = h.run();

        assertThat(h.scheduledMillis()).containsExactly(0L, 0L, 150L, 150L, 300L, 300L);
        assertThat(h.sentAtMillis()).containsExactly(0L, 0L, 150L, 150L, 300L, 300L);
        assertThat(outcome.finished()).isEqualTo(6);
        String lastPrompt = h.server.sent.get(5).dispatch().spec().messages().toString();
        long session = Long.parseLong(h.server.sent.get(5).dispatch().session());
        assertThat(lastPrompt).contains("answer " + loop.requestId(session, 0), "answer " + loop.requestId(session, 1));
        assertThat(h.server.sent).extracting(s -> s.dispatch().turn()).containsExactly(0, 0, 1, 1, 2, 2);
    }

    @Test
    void atMostNSessionsInProgress_theNextStartsWhenOneEnded() throws Exception {
        SessionLoop loop = new SessionLoop(2, 2, Duration.ofMillis(100), 0, new SessionStarts.Concurrent(1));
        LoopHarness h = harness(loop);
        h.run();

        assertThat(h.server.sent).extracting(s -> s.dispatch().session() + "/" + s.dispatch().turn())
                .containsExactly("0/0", "0/1", "1/0", "1/1");
        assertThat(h.scheduledMillis()).containsExactly(0L, 150L, 200L, 350L);
        assertThat(h.server.maxInFlight).isEqualTo(1);
    }
}
