package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code infergate run --trace} against the in-process simulator: arrival times and prefix sharing as the trace had them. */
class TraceReplayAgainstSimulatorTest {
    private static final long GAP_MS = 250;

    @TempDir
    Path dir;

    /**
     * 12 requests in three groups: each prompt is two full 512-token blocks shared within its group (ids g and
     * 100 + g) and a unique 40-token tail; one more request is longer than the simulator's 32,768-token context.
     * The first request of each group repeats nothing, each later one repeats its two blocks: 18 repeated
     * blocks, 9,216 tokens a prefix cache can serve.
     */
    private Path mooncakeTrace() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int k = 0; k < 12; k++) {
            int g = k % 3;
            text.append(String.format("{\"timestamp\": %d, \"input_length\": %d, \"output_length\": 4, \"hash_ids\": [%d, %d, %d]}%n",
                    k * GAP_MS, 2 * 512 + 40, g, 100 + g, 1000 + k));
            if (k == 5) {
                text.append(String.format("{\"timestamp\": %d, \"input_length\": 40000, \"output_length\": 4, \"hash_ids\": [7]}%n",
                        k * GAP_MS + 10));
            }
        }
        Path file = dir.resolve("mooncake.jsonl");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void mooncakeTrace_arrivesAtItsTimes_andTheSimulatorsCacheHitsAreTheTracesRepeatedBlocks() throws Exception {
        Path trace = mooncakeTrace();
        Path out = dir.resolve("run");
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter err = new StringWriter();
            int code = RunAgainstSimulatorTest.run(new StringWriter(), err, "run", "--base-url", sim.baseUrl(),
                    "--trace", trace.toString(), "--out", out.toString(), "--no-progress", "--server-metrics", "off");
            assertThat(code).as(err.toString()).isZero();
        }
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(out, records::add);
        records.sort(Comparator.comparingLong(RequestRecord::id));
        assertThat(records).hasSize(12).allSatisfy(r -> assertThat(r.succeeded()).isTrue());
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        JsonNode workload = summary.path("run").path("workload");
        assertThat(workload.path("kind").asText()).isEqualTo("trace");
        assertThat(workload.path("skipped_too_long").asInt()).as("longer than max_model_len 32768 from /models").isEqualTo(1);
        assertThat(workload.path("max_context_tokens").asInt()).isEqualTo(32768);
        assertThat(workload.path("repeated_blocks").asInt()).isEqualTo(18);
        // the simulator's prefix cache served exactly the trace's repeated blocks
        assertThat(records.stream().mapToLong(rr -> rr.tokens().cached()).sum()).isEqualTo(18 * 512);
        for (int k = 0; k < 12; k++) {
            assertThat(records.get(k).tokens().cached()).as("request %d", k).isEqualTo(k < 3 ? 0 : 1024);
            assertThat(records.get(k).tokens().input()).isEqualTo(1064);
        }
        // scheduled at the trace's own times, and sent within the client's lag figure of them
        JsonNode lagMs = summary.path("client").path("lag_ms");
        assertThat(lagMs.path("count").asInt()).isEqualTo(12);
        double lagMaxMs = lagMs.path("max").asDouble();
        for (int k = 0; k < 12; k++) {
            RequestRecord r = records.get(k);
            long traceNanos = k * GAP_MS * 1_000_000L;
            assertThat(r.marks().scheduledNanos()).isEqualTo(traceNanos);
            long connect = r.client().connectWaitNanos() == RequestRecord.ABSENT ? 0 : r.client().connectWaitNanos();
            assertThat((r.marks().dispatchNanos() - traceNanos - connect) / 1e6).isLessThanOrEqualTo(lagMaxMs + 0.001);
        }
    }

    /** A jsonl trace of literal inputs: each prompt is sent as written, its length the tokenizer's, the answer the line's. */
    @Test
    void jsonlTraceOfLiteralPrompts_sendsThemAsWritten_withTheTokenizersLengths() throws Exception {
        Path trace = dir.resolve("prompts.jsonl");
        String hamlet = "Summarise the plot of Hamlet in two lines, naming each character who dies and how. ".repeat(12);
        Files.writeString(trace, "{\"timestamp\": 0, \"prompt\": \"" + hamlet + "\", \"output_length\": 5}\n"
                + "{\"timestamp\": 100, \"prompt\": \"Name three prime numbers larger than one hundred.\", \"output_length\": 6}\n"
                + "{\"timestamp\": 200, \"prompt\": \"" + hamlet + "\", \"output_length\": 7}\n");
        Path out = dir.resolve("literal");
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter err = new StringWriter();
            int code = RunAgainstSimulatorTest.run(new StringWriter(), err, "run", "--base-url", sim.baseUrl(), "--api", "completions",
                    "--trace", trace.toString(), "--trace-format", "jsonl",
                    "--out", out.toString(), "--no-progress", "--server-metrics", "off");
            assertThat(code).as(err.toString()).isZero();
        }
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(out, records::add);
        records.sort(Comparator.comparingLong(RequestRecord::id));
        assertThat(records).hasSize(3).allSatisfy(r -> {
            assertThat(r.succeeded()).isTrue();
            assertThat(r.tokens().intendedInput()).as("the prompt as the tokenizer counts it, not a length from the line")
                    .isEqualTo(r.tokens().input()).isGreaterThan(5);
        });
        assertThat(records.stream().map(rr -> rr.tokens().output())).containsExactly(5, 6, 7);
        assertThat(records.get(0).tokens().intendedInput()).isEqualTo(records.get(2).tokens().intendedInput());
        assertThat(records.get(2).tokens().cached()).as("the same text twice: the simulator's cache sees the trace's own repeat")
                .isGreaterThan(0);
    }
}
