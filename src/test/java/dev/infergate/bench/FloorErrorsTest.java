package dev.infergate.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FloorErrorsTest {
    @TempDir
    Path dir;

    @Test
    void errors_areTheClientsTimesMinusTheServers_requestByRequest() {
        Map<String, double[]> server = Map.of("a", new double[] {200, 220, 240}, "b", new double[] {200, 220});
        List<FloorErrors.Seen> seen = List.of(
                new FloorErrors.Seen("a", new double[] {203, 224, 243}), // 3 ms late, gaps +1 and -1
                new FloorErrors.Seen("b", new double[] {210}), // TTFT only: no gap to compare
                new FloorErrors.Seen("unknown", new double[] {500}));
        FloorErrors.Errors e = FloorErrors.of(seen, server);

        assertThat(e.matched()).isEqualTo(2);
        assertThat(e.events()).isEqualTo(4);
        assertThat(e.ttftMs()).containsExactly(3, 10);
        assertThat(e.itlMs()).containsExactly(1, -1);
        assertThat(e.ttftAt(50)).isEqualTo(3, within(1e-9)); // the nearest rank (Quantiles): the lower of 3 and 10
        assertThat(e.itlAt(99)).isEqualTo(1, within(1e-9));
    }

    @Test
    void logs_areReadAsTheSharedProgramsWriteThem() throws Exception {
        Path truth = dir.resolve("truth.jsonl");
        Files.writeString(truth, """
                {"id": "a0c1b94fd025", "x_request_id": "fc-1", "ttft_ms": 50.0, "n": 3, "cached": 0, "sends_ms": [50.227, 60.129, 71.185], "done_ms": 71.185}
                {"id": "a0c1b94fd026", "ttft_ms": 50.0, "n": 1, "cached": 0, "sends_ms": [50.1], "done_ms": 50.1}
                {"id": "a0c1b94fd0
                """);
        Path floor = dir.resolve("fc.jsonl");
        Files.writeString(floor, """
                {"id": "fc-1", "conn": 0, "send_ms": 7.840, "status": 200, "ok": true, "events_ms": [58.267, 65.617, 73.552], "role_ms": 0.523, "done_ms": 73.552, "n_events": 3}
                {"id": "fc-2", "conn": 1, "send_ms": 7.9, "status": 500, "ok": false, "events_ms": [], "n_events": 0}
                {"summary": {"requests": 2, "finished": 2}}
                """);
        Map<String, double[]> sends = FloorLogs.truthSends(truth);
        assertThat(sends).containsOnlyKeys("fc-1");
        List<FloorErrors.Seen> seen = FloorLogs.floorSeen(floor);
        assertThat(seen).hasSize(1);
        FloorErrors.Errors e = FloorErrors.of(seen, sends);
        assertThat(e.ttftMs()[0]).isEqualTo(58.267 - 50.227, within(1e-9));
    }
}
