package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code infergate run} end to end against the in-process simulator: what a user sees. */
class RunAgainstSimulatorTest {
    @TempDir
    Path dir;

    static int run(StringWriter out, StringWriter err, String... args) {
        return Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void run_writesEveryRecordTheSummaryAndTheTable_andNamesEveryRequestForTheServer() throws Exception {
        java.util.Set<String> requestIds = java.util.concurrent.ConcurrentHashMap.newKeySet();
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1,
                (requestId, token, model, written) -> requestIds.add(requestId))) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = run(out, err, "run", "--base-url", sim.baseUrl(), "--concurrency", "4", "--requests", "20",
                    "--warmup", "4", "--input-tokens", "64", "--output-tokens", "16", "--slo", "ttft=2s",
                    "--label", "gpu=none", "--out", dir.toString(), "--no-progress");
            assertThat(code).as(err.toString()).isZero();
            assertThat(out.toString()).contains("requests: 20 sent, 20 completed, 0 failed").contains("TTFT")
                    .doesNotContain("load: offered"); // closed loop: nothing was offered at a rate
            List<RequestRecord> records = new ArrayList<>();
            RunLog.readRecords(dir, records::add);
            assertThat(records).hasSize(24);
            assertThat(records).allSatisfy(r -> {
                assertThat(r.succeeded()).isTrue();
                assertThat(r.tokens().output()).isEqualTo(16); // ignore_eos + min_tokens honoured
                assertThat(r.tokens().input()).isEqualTo(64); // exact under the server's own tokenizer
            });
            JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
            assertThat(summary.path("schema").asText()).isEqualTo("infergate.summary/1");
            assertThat(summary.path("run").path("labels").path("gpu").asText()).isEqualTo("none");
            assertThat(summary.path("run").path("workload").path("tokenizer").asText()).isEqualTo("server:sim-llama-8b");
            assertThat(summary.path("requests").path("warmup").asInt()).isEqualTo(4);
            assertThat(summary.path("tokens").path("output_total").asInt()).isEqualTo(20 * 16);
            // each request's X-Request-Id is run.json's prefix and the record's id: the server's logs match the records
            String prefix = new ObjectMapper().readTree(dir.resolve("run.json").toFile()).path("request_id_prefix").asText();
            assertThat(prefix).matches("infergate-[0-9a-f]+-");
            assertThat(requestIds).containsExactlyInAnyOrderElementsOf(records.stream().map(r -> prefix + r.id()).toList());
        }
    }

    @Test
    void sharedPrefix_warmRequestsReportCachedTokensAndStartFaster() throws Exception {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = run(out, err, "run", "--base-url", sim.baseUrl(), "--concurrency", "1",
                    "--requests", "24", "--input-tokens", "2048", "--output-tokens", "8", "--cache-mix", "0.5",
                    "--out", dir.toString(), "--no-progress");
            assertThat(code).as(err.toString()).isZero();
            JsonNode byCache = new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).path("by_cache");
            JsonNode warm = byCache.path("warm");
            JsonNode cold = byCache.path("cold");
            assertThat(warm.path("requests").path("completed").asInt()).isPositive();
            assertThat(cold.path("requests").path("completed").asInt()).isPositive();
            // the simulator skips the prefill of cached blocks: a 1,536-token cached prefix saves ~70 ms of 2,048-token prefill
            assertThat(warm.path("latency_ms").path("ttft").path("p50").asDouble())
                    .isLessThan(cold.path("latency_ms").path("ttft").path("p50").asDouble());
            // the console shows both sides in milliseconds, with their counts
            assertThat(out.toString())
                    .containsPattern("\n  cold TTFT \\(< 50 % cached\\): p50 [0-9.]+ ms · p95 [0-9.]+ ms · p99 [0-9.]+ ms · "
                            + cold.path("requests").path("completed").asInt() + " requests\n")
                    .containsPattern("\n  warm TTFT \\(>= 50 % cached\\): p50 [0-9.]+ ms · p95 [0-9.]+ ms · p99 [0-9.]+ ms · "
                            + warm.path("requests").path("completed").asInt() + " requests\n");
        }
    }

    @Test
    void baseUrlWithoutV1_isRetriedWithV1_andTheConsoleSaysWhichWasUsed() throws Exception {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            String root = sim.baseUrl().replaceAll("/v1$", "");
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = run(out, err, "run", "--base-url", root, "--requests", "3", "--input-tokens", "32",
                    "--output-tokens", "8", "--out", dir.resolve("run").toString(), "--no-progress");
            assertThat(code).as(err.toString()).isZero();
            assertThat(out.toString()).startsWith("base URL: " + root + " has no /models, so " + root
                    + "/v1 was used (pass it as --base-url to skip this check)\n" + root + "/v1 · model sim-llama-8b · chat\n");
            JsonNode runJson = new ObjectMapper().readTree(dir.resolve("run").resolve("run.json").toFile());
            assertThat(runJson.path("base_url").asText()).isEqualTo(root + "/v1");
            assertThat(runJson.path("server").path("base_url_given").asText()).isEqualTo(root);

            // a path with no model list under it either: the error names the status and the likely fix
            StringWriter err2 = new StringWriter();
            assertThat(run(new StringWriter(), err2, "run", "--base-url", root + "/nothing/v1", "--requests", "1",
                    "--out", dir.resolve("bad").toString(), "--no-progress")).isEqualTo(ExitCode.CANNOT_RUN.code());
            assertThat(err2.toString()).isEqualTo("infergate: the server answered 404 to " + root + "/nothing/v1/models;"
                    + " check --base-url (OpenAI-compatible servers list models at <base>/v1/models), or pass --model\n");
        }
    }

    @Test
    void openLoop_showsTheOfferedRateBesideTheAchievedOne_andWhatTheWindowIs() throws Exception {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = run(out, err, "run", "--base-url", sim.baseUrl(), "--rate", "4", "--arrival", "constant",
                    "--duration", "2s", "--input-tokens", "32", "--output-tokens", "8", "--out", dir.toString(),
                    "--no-progress");
            assertThat(code).as(err.toString()).isZero();
            JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
            int sent = summary.path("requests").path("sent").asInt();
            assertThat(out.toString()).contains(String.format(java.util.Locale.ROOT,
                    "load: offered 4.00 req/s (constant) · sent %.2f req/s over the 2.0 s schedule · achieved %.2f req/s"
                            + " completed over the %.1f s window (first scheduled send to last answer, so it includes the"
                            + " drain after the last send)\n", sent / 2.0,
                    summary.path("throughput").path("requests_per_s").asDouble(),
                    summary.path("throughput").path("window_s").asDouble()));
        }
    }

    @Test
    void bufferedProfile_deliversTheOutputInOneLumpAtTheEnd() throws Exception {
        try (SimServer sim = SimServer.start(SimProfile.bundled("managed-buffered"), "127.0.0.1", 0, 1)) {
            StringWriter err = new StringWriter();
            int code = run(new StringWriter(), err, "run", "--base-url", sim.baseUrl(), "--concurrency", "2",
                    "--requests", "6", "--input-tokens", "64", "--output-tokens", "64", "--out", dir.toString(),
                    "--no-progress");
            assertThat(code).as(err.toString()).isZero();
            List<RequestRecord> records = new ArrayList<>();
            RunLog.readRecords(dir, records::add);
            assertThat(records).allSatisfy(r -> {
                // all 64 tokens arrive together: first and last token within a few ms of the end, TTFT ~ E2E
                assertThat(r.marks().lastTokenNanos() - r.marks().firstTokenNanos()).isLessThan((r.marks().doneNanos() - r.marks().sentNanos()) / 10);
                assertThat(r.ttftNanos()).isGreaterThan(r.e2eNanos() * 8 / 10);
            });
        }
    }

    @Test
    void summarize_rebuildsTheSameSummaryFromTheLog() throws Exception {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            assertThat(run(new StringWriter(), new StringWriter(), "run", "--base-url", sim.baseUrl(), "--requests", "5",
                    "--input-tokens", "32", "--output-tokens", "8", "--out", dir.toString(), "--no-progress")).isZero();
        }
        String first = Files.readString(dir.resolve("summary.json"));
        Files.delete(dir.resolve("summary.json"));
        StringWriter out = new StringWriter();
        assertThat(run(out, new StringWriter(), "summarize", dir.toString())).isZero();
        assertThat(Files.readString(dir.resolve("summary.json"))).isEqualTo(first);
        assertThat(out.toString()).contains("requests: 5 sent");
    }

    @Test
    void repeatingARunWithTheSameSeed_sendsFreshPromptsTheCacheHasNotSeen() throws Exception {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            for (String name : new String[] {"first", "second"}) {
                assertThat(run(new StringWriter(), new StringWriter(), "run", "--base-url", sim.baseUrl(), "--requests", "6",
                        "--input-tokens", "256", "--output-tokens", "4", "--seed", "5", "--out", dir.resolve(name).toString(),
                        "--no-progress")).isZero();
            }
            List<RequestRecord> second = new ArrayList<>();
            RunLog.readRecords(dir.resolve("second"), second::add);
            // blocks are 16 tokens: a prompt sharing more than its first block with an earlier one would report >= 16
            assertThat(second).allSatisfy(r -> assertThat(r.tokens().cached()).isLessThan(16));
        }
    }
}
