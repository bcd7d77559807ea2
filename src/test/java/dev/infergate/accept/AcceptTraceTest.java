package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.cli.Main;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A trace row in an acceptance plan: both sides replay the same slice, at the pace of the load level. */
class AcceptTraceTest {
    @TempDir
    Path dir;

    private SimProfile profile(String name, int maxModelLen) throws IOException {
        String yaml;
        try (InputStream in = SimProfile.class.getResourceAsStream("/sim-profiles/baseline.yaml")) {
            yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, yaml.replaceFirst("step_overhead_us: 6000", "step_overhead_us: 500")
                .replaceFirst("max_model_len: 32768", "max_model_len: " + maxModelLen));
        return SimProfile.load(file);
    }

    private static List<RequestRecord> records(Path run) throws IOException {
        List<RequestRecord> out = new ArrayList<>();
        RunLog.readRecords(run, out::add);
        return out;
    }

    @Test
    void traceRow_bothSidesReplayTheSameSlice_skippingWhatTheSmallerContextCannotHold() throws IOException {
        StringBuilder trace = new StringBuilder();
        for (int k = 0; k < 8; k++) {
            int input = k == 3 ? 6000 : 600; // 6,000 tokens fit the baseline's context, not the candidate's
            trace.append(String.format("{\"timestamp\": %d, \"input_length\": %d, \"output_length\": 4, \"hash_ids\": [0, %d]}%n",
                    k * 1000, input, 10 + k));
        }
        Files.writeString(dir.resolve("t.jsonl"), trace);
        try (SimServer base = SimServer.start(profile("base", 32768), "127.0.0.1", 0, 1);
                SimServer cand = SimServer.start(profile("cand", 4096), "127.0.0.1", 0, 1)) {
            Path plan = Files.writeString(dir.resolve("plan.yaml"), """
                    baseline: {url: '%s'}
                    candidate: {url: '%s'}
                    trace: {file: '%s'}
                    matrix:
                      workloads: [trace]
                      prefixes: [fresh]
                      loads: {pace: {rate: 20}}
                    repeats: 1
                    requests: 20
                    warmup: 0
                    capacity: {enabled: false}
                    burst: {enabled: false}
                    """.formatted(base.baseUrl(), cand.baseUrl(), dir.resolve("t.jsonl")));
            StringWriter err = new StringWriter();
            Path result = dir.resolve("result");
            int code = Main.execute(new String[] {"accept", plan.toString(), "--out", result.toString()},
                    new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
            assertThat(code).as(err.toString()).isIn(0, 1, 4);
            assertThat(err.toString()).contains("baseline trace/fresh/pace repeat 1");
            Path b = result.resolve("baseline/trace/fresh/pace/r1");
            Path c = result.resolve("candidate/trace/fresh/pace/r1");
            for (Path side : List.of(b, c)) {
                JsonNode run = new ObjectMapper().readTree(side.resolve("run.json").toFile());
                assertThat(run.path("workload").path("max_context_tokens").asInt()).isEqualTo(4096);
                assertThat(run.path("workload").path("skipped_too_long").asInt()).isEqualTo(1);
                assertThat(run.path("load").path("arrival").asText()).isEqualTo("trace");
                // 7 requests over 7 s of trace at 20 req/s: the gaps scaled to 1/20 s
                assertThat(run.path("load").path("time_scale").asDouble()).isCloseTo(6.0 / (7 * 20), org.assertj.core.api.Assertions.within(1e-9));
            }
            List<RequestRecord> rb = records(b);
            List<RequestRecord> rc = records(c);
            assertThat(rb).hasSize(7);
            assertThat(rb.stream().map(RequestRecord::id).sorted().toList()).isEqualTo(rc.stream().map(RequestRecord::id).sorted().toList());
            assertThat(rb.stream().mapToInt(rr -> rr.tokens().input()).sum()).isEqualTo(rc.stream().mapToInt(rr -> rr.tokens().input()).sum());
        }
    }

    /**
     * A trace brings its own prefix sharing (its hash ids, or its literal prompts): a second prefix mode would replay
     * the very same requests under another label, so a plan with a trace row names one, and is told so in one line.
     */
    @Test
    void traceRow_withTwoPrefixModes_isRefusedInOneLineNamingTheFix() throws IOException {
        Path trace = Files.writeString(dir.resolve("t.jsonl"), "{\"timestamp\": 0, \"input_length\": 10, \"output_length\": 2}\n");
        String plan = """
                baseline: http://127.0.0.1:19401/v1
                candidate: http://127.0.0.1:19402/v1
                trace: {file: '%s', format: jsonl}
                matrix: {workloads: [short-chat, trace], prefixes: [fresh, shared], loads: {typical: {rate: 2}}}
                """.formatted(trace);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PlanReader.read("plan.yaml", plan))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a trace brings its own prefix sharing: give one prefix mode (prefixes: [fresh])")
                .hasMessageNotContaining("\n");
        assertThat(PlanReader.read("plan.yaml", plan.replace("[fresh, shared]", "[fresh]")).prefixes()).hasSize(1);
    }
}
