package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --api rerank} and {@code --api score}, end to end against the simulator: latency and documents/s, compare. */
class RerankAgainstSimulatorTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static int run(SimServer sim, StringWriter console, StringWriter err, String api, Path out, String... more) {
        List<String> args = new ArrayList<>(List.of("run", "--base-url", sim.baseUrl(), "--api", api, "--out", out.toString(),
                "--no-progress", "--server-metrics", "off"));
        args.addAll(List.of(more));
        return RunAgainstSimulatorTest.run(console, err, args.toArray(String[]::new));
    }

    @Test
    void rerank_measuresLatencyAndDocumentsPerSecond_withTokenTimesAbsent() throws Exception {
        Path out = dir.resolve("rerank");
        StringWriter console = new StringWriter();
        StringWriter err = new StringWriter();
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            int code = run(sim, console, err, "rerank", out, "--requests", "6", "--input-tokens", "90", "--documents", "8");
            assertThat(code).as(err.toString()).isZero();
        }
        List<RequestRecord> records = records(out);
        assertThat(records).hasSize(6).allSatisfy(r -> {
            assertThat(r.succeeded()).as(r.outcome().errorDetail()).isTrue();
            assertThat(r.ttftNanos()).isEqualTo(RequestRecord.ABSENT);
            assertThat(r.tokens().output()).isZero();
            // 90 words: a query of 10 and 8 documents of 10; the server reads 8 pairs of 20
            assertThat(r.tokens().input()).isEqualTo(160);
            assertThat(r.marks().doneNanos()).isGreaterThan(r.marks().sentNanos());
            assertThat(r.inputParts().documents()).isEqualTo(8);
        });
        JsonNode runJson = JSON.readTree(out.resolve("run.json").toFile());
        assertThat(runJson.path("api").asText()).isEqualTo("rerank");
        assertThat(runJson.path("documents").asInt()).isEqualTo(8);
        assertThat(runJson.path("stream").asBoolean()).isFalse();
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.path("latency_ms").path("ttft").path("count").asInt()).isZero();
        assertThat(summary.path("latency_ms").path("e2e").path("count").asInt()).isEqualTo(6);
        double requestsPerS = summary.path("throughput").path("requests_per_s").asDouble();
        assertThat(summary.path("inputs").path("documents_per_request").asDouble()).isEqualTo(8.0);
        assertThat(summary.path("inputs").path("documents_per_s").asDouble())
                .isCloseTo(requestsPerS * 8, org.assertj.core.data.Offset.offset(0.1));
        String text = console.toString();
        Matcher line = Pattern.compile("throughput: ([0-9.]+) req/s · ([0-9.]+) documents/s \\(8 per request\\)").matcher(text);
        assertThat(line.find()).as(text).isTrue();
        assertThat(Double.parseDouble(line.group(2))).isCloseTo(requestsPerS * 8, org.assertj.core.data.Offset.offset(0.1));
        assertThat(text).contains("(rerank: no output tokens)")
                .contains("goodput: does not apply: rerank requests have no output tokens")
                .contains("streaming delivery: does not apply: rerank requests are answered whole");
    }

    @Test
    void score_runsEndToEnd_oneTextAgainstTheDocuments() throws Exception {
        Path out = dir.resolve("score");
        StringWriter err = new StringWriter();
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            int code = run(sim, new StringWriter(), err, "score", out, "--requests", "3", "--input-tokens", "12",
                    "--documents", "3");
            assertThat(code).as(err.toString()).isZero();
        }
        assertThat(records(out)).hasSize(3).allSatisfy(r -> {
            assertThat(r.succeeded()).as(r.outcome().errorDetail()).isTrue();
            assertThat(r.tokens().input()).as("3 pairs of 3 + 3 words").isEqualTo(18);
        });
    }

    @Test
    void comparingTwoRerankRuns_judgesByLatencyAndRequestRate_notByTokenTimes() throws Exception {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            for (Path out : List.of(a, b)) {
                assertThat(run(sim, new StringWriter(), new StringWriter(), "rerank", out, "--requests", "12",
                        "--input-tokens", "36", "--documents", "4", "--seed", "3")).isZero();
            }
        }
        StringWriter console = new StringWriter();
        StringWriter err = new StringWriter();
        int code = RunAgainstSimulatorTest.run(console, err, "compare", a.toString(), b.toString(), "--resamples", "200");
        assertThat(code).as(err.toString()).isIn(0, 1, 4);
        assertThat(console.toString()).containsPattern("\ne2e\\.p95 .*(pass|fail|inconclusive) \\(max_regression 10%")
                .containsPattern("\nthroughput\\.requests_per_s .*\\(max_regression 5%")
                .doesNotContain("ttft.p95 max_regression");
    }

    private static List<RequestRecord> records(Path out) throws Exception {
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(out, records::add);
        return records;
    }
}
