package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tool-call workloads and passthrough fields against the simulator, which answers with tool-call deltas when tools are offered. */
class ToolCallsAgainstSimulatorTest {
    @TempDir
    Path dir;

    @Test
    void tools_everyAnswerStreamsToolCallDeltas_timedAndCountedLikeText() throws Exception {
        Path out = dir.resolve("tools");
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter err = new StringWriter();
            int code = RunAgainstSimulatorTest.run(new StringWriter(), err, "run", "--base-url", sim.baseUrl(),
                    "--requests", "4", "--input-tokens", "32", "--output-tokens", "12", "--tools", "builtin",
                    "--record-events", "1", "--out", out.toString(), "--no-progress", "--server-metrics", "off");
            assertThat(code).as(err.toString()).isZero();
        }
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(out, records::add);
        assertThat(records).hasSize(4).allSatisfy(r -> {
            assertThat(r.succeeded()).isTrue();
            assertThat(r.tokens().output()).isEqualTo(12);
            assertThat(r.events().chunks()).as("one tool-call delta per token").isEqualTo(12);
            assertThat(r.marks().firstTokenNanos()).isGreaterThan(r.marks().sentNanos());
        });
        var run = new ObjectMapper().readTree(out.resolve("run.json").toFile());
        assertThat(run.path("extra_body").path("tools").get(0).path("function").path("name").asText()).isEqualTo("search");
        assertThat(run.path("extra_body").path("tool_choice").asText()).isEqualTo("auto");
    }
}
