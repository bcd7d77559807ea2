package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.record.TokenSource;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --api responses} and {@code --api embeddings}, end to end against the simulator's own endpoints. */
class MoreApisAgainstSimulatorTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void responses_streamsDeltas_timesReasoningAndAnswer_andTakesUsageFromResponseCompleted() throws Exception {
        Path out = dir.resolve("responses");
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter err = new StringWriter();
            StringWriter console = new StringWriter();
            int code = RunAgainstSimulatorTest.run(console, err, "run", "--base-url", sim.baseUrl(), "--api", "responses",
                    "--requests", "5", "--input-tokens", "32", "--output-tokens", "10", "--extra-body", "{\"reasoning_tokens\": 4}",
                    "--out", out.toString(), "--no-progress", "--server-metrics", "off");
            assertThat(code).as(err.toString()).isZero();
            assertThat(console.toString()).contains(" · responses\n").contains("(output tokens from usage)");
        }
        List<RequestRecord> records = records(out);
        assertThat(records).hasSize(5).allSatisfy(r -> {
            assertThat(r.succeeded()).as(r.outcome().errorDetail()).isTrue();
            assertThat(r.tokens().outputSource()).isEqualTo(TokenSource.USAGE);
            assertThat(r.tokens().output()).isEqualTo(10);
            assertThat(r.tokens().input()).isEqualTo(r.tokens().intendedInput());
            // one delta per token: the *.done events and response.completed repeat the text and are not output
            assertThat(r.events().chunks()).isEqualTo(10);
            assertThat(r.reasoning().chunks()).isEqualTo(4);
            assertThat(r.reasoning().firstReasoningNanos()).isEqualTo(r.marks().firstTokenNanos());
            assertThat(r.reasoning().firstAnswerNanos()).isGreaterThan(r.reasoning().firstReasoningNanos());
            assertThat(r.marks().doneNanos()).isGreaterThanOrEqualTo(r.marks().lastTokenNanos());
        });
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.path("run").path("api").asText()).isEqualTo("responses");
        assertThat(summary.path("latency_ms").path("ttft").path("count").asInt()).isEqualTo(5);
        assertThat(summary.path("latency_ms").path("itl").path("count").asInt()).isEqualTo(5 * 9);
        assertThat(summary.path("delivery").path("verdict").asText()).isEqualTo("incremental");
    }

    @Test
    void responses_prefixCache_hitsShowAsCachedTokens() throws Exception {
        Path out = dir.resolve("responses-cache");
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            int code = RunAgainstSimulatorTest.run(new StringWriter(), new StringWriter(), "run", "--base-url", sim.baseUrl(),
                    "--api", "responses", "--requests", "6", "--concurrency", "1", "--input-tokens", "256",
                    "--output-tokens", "2", "--cache-mix", "1.0", "--out", out.toString(), "--no-progress",
                    "--server-metrics", "off");
            assertThat(code).isZero();
        }
        assertThat(records(out)).anySatisfy(r -> assertThat(r.tokens().cached()).isGreaterThan(0));
    }

    @Test
    void embeddings_measureLatencyAndInputTokens_andShowTokenTimesAsAbsent() throws Exception {
        Path out = dir.resolve("embeddings");
        StringWriter console = new StringWriter();
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter err = new StringWriter();
            int code = RunAgainstSimulatorTest.run(console, err, "run", "--base-url", sim.baseUrl(), "--api", "embeddings",
                    "--requests", "6", "--input-tokens", "64", "--out", out.toString(), "--no-progress",
                    "--server-metrics", "off");
            assertThat(code).as(err.toString()).isZero();
        }
        List<RequestRecord> records = records(out);
        assertThat(records).hasSize(6).allSatisfy(r -> {
            assertThat(r.succeeded()).as(r.outcome().errorDetail()).isTrue();
            assertThat(r.marks().firstTokenNanos()).isEqualTo(RequestRecord.ABSENT);
            assertThat(r.ttftNanos()).isEqualTo(RequestRecord.ABSENT);
            assertThat(r.tokens().output()).isZero();
            assertThat(r.tokens().input()).isEqualTo(64);
            assertThat(r.marks().doneNanos()).isGreaterThan(r.marks().sentNanos());
        });
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.path("run").path("stream").asBoolean()).as("embeddings are never streamed").isFalse();
        JsonNode latency = summary.path("latency_ms");
        for (String absent : List.of("ttft", "ttft_from_scheduled", "itl", "tpot")) {
            assertThat(latency.path(absent).path("count").asInt()).as(absent).isZero();
            assertThat(latency.path(absent).has("p50")).as(absent + " has no value, not a zero").isFalse();
        }
        assertThat(latency.path("e2e").path("count").asInt()).isEqualTo(6);
        assertThat(summary.path("throughput").path("input_tokens_per_s").asDouble()).isPositive();
        assertThat(summary.path("goodput").path("slo").path("ttft_ms").isNull()).as("no TTFT target applies").isTrue();
        String text = console.toString();
        assertThat(text).as("rows that cannot apply are left out, not shown as a count of 0 and dashes")
                .doesNotContainPattern("\n(TTFT|ITL|TPOT|Max stall|Effective tok/s)")
                .containsPattern("\nE2E +6 ")
                .contains("TTFT, ITL, TPOT, stalls and effective tok/s do not apply: embeddings are answered whole");
        assertThat(text).contains("input tok/s (embeddings: no output tokens)")
                .contains("goodput: does not apply: embeddings have no output tokens")
                .contains("streaming delivery: does not apply");
    }

    @Test
    void embeddings_withAnE2eTarget_judgeGoodputByIt_andSayTheOthersDoNotApply() throws Exception {
        Path out = dir.resolve("embeddings-slo");
        StringWriter console = new StringWriter();
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            int code = RunAgainstSimulatorTest.run(console, new StringWriter(), "run", "--base-url", sim.baseUrl(),
                    "--api", "embeddings", "--requests", "4", "--input-tokens", "16", "--slo", "ttft=1ms,e2e=60s",
                    "--out", out.toString(), "--no-progress", "--server-metrics", "off");
            assertThat(code).isZero();
        }
        assertThat(console.toString()).contains("SLO attainment 100.0 % (e2e <= 60000 ms; failures count as misses); "
                + "ttft and tpot targets do not apply to embeddings");
    }

    @Test
    void comparingTwoEmbeddingsRuns_judgesByTheEmbeddingsDefaults_notByTokenTimes() throws Exception {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            for (Path out : List.of(a, b)) {
                int code = RunAgainstSimulatorTest.run(new StringWriter(), new StringWriter(), "run", "--base-url", sim.baseUrl(),
                        "--api", "embeddings", "--requests", "12", "--input-tokens", "32", "--seed", "3", "--out", out.toString(),
                        "--no-progress", "--server-metrics", "off");
                assertThat(code).isZero();
            }
        }
        StringWriter console = new StringWriter();
        StringWriter err = new StringWriter();
        int code = RunAgainstSimulatorTest.run(console, err, "compare", a.toString(), b.toString(), "--resamples", "200");
        assertThat(code).as(err.toString()).isIn(0, 1, 4);
        assertThat(console.toString()).containsPattern("\ne2e\\.p95 .*(pass|fail|inconclusive) \\(max_regression 10%")
                .containsPattern("\nthroughput\\.requests_per_s .*\\(max_regression 5%")
                .doesNotContain("ttft.p95 max_regression").doesNotContain("tpot.p95 max_regression");
    }

    @Test
    void responsesWithTools_sendsThemInTheResponsesForm_andTimesTheArgumentDeltas() throws Exception {
        Path out = dir.resolve("responses-tools");
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter err = new StringWriter();
            int code = RunAgainstSimulatorTest.run(new StringWriter(), err, "run", "--base-url", sim.baseUrl(), "--api", "responses",
                    "--requests", "3", "--input-tokens", "32", "--output-tokens", "6", "--tools", "builtin",
                    "--out", out.toString(), "--no-progress", "--server-metrics", "off");
            assertThat(code).as(err.toString()).isZero();
        }
        assertThat(records(out)).hasSize(3).allSatisfy(r -> {
            assertThat(r.succeeded()).as(r.outcome().errorDetail()).isTrue();
            assertThat(r.events().chunks()).as("one function_call_arguments delta per token").isEqualTo(6);
        });
        JsonNode tool = JSON.readTree(out.resolve("run.json").toFile()).path("extra_body").path("tools").get(0);
        assertThat(tool.path("name").asText()).as("named at the top, as the Responses API takes it").isEqualTo("search");
        assertThat(tool.has("function")).isFalse();
    }

    private static List<RequestRecord> records(Path out) throws Exception {
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(out, records::add);
        return records;
    }
}
