package dev.infergate.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end on loopback: the real client against the metronome server. Checks that the harness compares
 * every request and every event and that its figures are consistent; it asserts no timing threshold.
 */
class MetronomeBenchTest {
    @TempDir
    Path dir;

    @Test
    void smallRun_comparesEveryRequestAndEveryEvent() throws Exception {
        AccuracyPoint point = new AccuracyPoint(20, 20, Duration.ofMillis(5), Duration.ofMillis(2), 1, 1, 1, Phases.ALIGNED);
        try (ServerHandle server = ServerHandle.inProcess(1, 0)) {
            AccuracyBench.Result r = AccuracyBench.run(server, point, dir.resolve("run"));
            ErrorSummary e = r.errors();
            assertThat(e.compared()).isEqualTo(20);
            assertThat(e.failed() + e.withoutTruth() + e.mismatched()).isZero();
            assertThat(e.events()).isEqualTo(20 * 20);
            assertThat(e.eventError().count()).isEqualTo(400);
            assertThat(e.serverLateness().count()).isEqualTo(400);
            assertThat(e.ttftError().count()).isEqualTo(20);
            assertThat(e.requestTrip().count()).isEqualTo(20);
            assertThat(e.itlError().count()).isEqualTo(20 * 19);
            assertThat(e.eventsPerSecond()).isPositive();
            assertThat(r.wallSeconds()).isPositive();
            // an arrival can never precede its write by more than the write call itself takes
            assertThat(e.eventError().medianNanos()).isGreaterThan(-1_000_000);
            String table = AccuracyTable.render(List.of(r));
            assertThat(table).contains("     20   2.000     10000");
            // the warm-up round's truths were drained with the rest: nothing is left on the server
            assertThat(server.truths().drain()).isEmpty();
        }
    }

    @Test
    void truths_travelOverHttpForAServerInAnotherProcess() throws Exception {
        try (MetronomeServer server = MetronomeServer.start(0, 1, 0, true);
                ServerHandle remote = ServerHandle.external(server.baseUrl())) {
            AccuracyPoint point = new AccuracyPoint(3, 4, Duration.ZERO, Duration.ofMillis(1), 1, 0, 1, Phases.SPREAD);
            AccuracyBench.Result r = AccuracyBench.run(remote, point, dir.resolve("remote"));
            assertThat(r.errors().compared()).isEqualTo(3);
            assertThat(r.errors().events()).isEqualTo(12);
        }
    }
}
