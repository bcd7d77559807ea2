package dev.infergate.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Summarizer;
import dev.infergate.cli.Main;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code infergate run} against the simulator on loopback: server metrics, cache mix, delivery. */
class ServerMetricsRunTest {
    @TempDir
    Path dir;

    @SuppressWarnings("unchecked")
    static Map<String, Object> block(Map<String, Object> m, String key) {
        return (Map<String, Object>) m.get(key);
    }

    Map<String, Object> run(SimServer server, String... extra) throws Exception {
        Path out = dir.resolve("run");
        List<String> args = new java.util.ArrayList<>(List.of("run", "--base-url", server.baseUrl(), "--concurrency", "2",
                "--requests", "16", "--input-tokens", "600", "--output-tokens", "24", "--no-progress", "--event-loops", "1", "--tokenizer", "cl100k_base",
                "--out", out.toString()));
        args.addAll(List.of(extra));
        StringWriter err = new StringWriter();
        int code = Main.execute(args.toArray(String[]::new), new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertThat(code).as(err.toString()).isZero();
        return Summarizer.JSON.readValue(Files.readString(out.resolve("summary.json")), Map.class);
    }

    @Test
    void run_scrapesTheServersMetrics_andSummarisesThemOverTheWindow() throws Exception {
        try (SimServer server = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 7)) {
            Map<String, Object> summary = run(server, "--cache-mix", "0.75");
            List<String> lines = Files.readAllLines(dir.resolve("run/server_metrics.jsonl"));
            assertThat(lines).hasSizeGreaterThanOrEqualTo(2).allSatisfy(l -> assertThat(l).contains("\"engine\":\"vllm\""));
            Map<String, Object> s = block(summary, "server");
            assertThat(s).containsEntry("engine", "vllm").containsEntry("scrape_errors", 0);
            assertThat((Double) s.get("prompt_tokens")).isPositive();
            assertThat((Double) s.get("generation_tokens")).isGreaterThanOrEqualTo(16 * 24.0);
            assertThat(block(s, "running_requests")).containsKeys("p50", "max");
            assertThat(block(s, "server_ttft_seconds")).containsKeys("count", "mean_ms", "p50_ms");
            assertThat((Double) s.get("prefix_cache_hit_rate")).isGreaterThan(0.2);
            assertThat(s.get("absent")).isEqualTo(List.of());
            // three in four requests share a prefix: the warm ones are reported apart
            Map<String, Object> warm = block(block(summary, "by_cache"), "warm");
            assertThat(((Number) block(warm, "requests").get("sent")).intValue()).isGreaterThanOrEqualTo(6);
            // each of the 4 shared prefixes was sent once before the run, so every shared-prefix request is warm
            assertThat(block(summary, "run")).containsEntry("prefix_warmup_requests", 4);
            Map<String, Object> cold = block(block(summary, "by_cache"), "cold");
            assertThat(((Number) block(warm, "requests").get("sent")).intValue()
                    + ((Number) block(cold, "requests").get("sent")).intValue()).isEqualTo(16);
            assertThat(block(summary, "delivery")).containsEntry("verdict", "incremental");
        }
    }

    @Test
    void serverMetricsOff_writesNoFileAndNoServerBlock() throws Exception {
        try (SimServer server = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 7)) {
            Map<String, Object> summary = run(server, "--server-metrics", "off");
            assertThat(dir.resolve("run/server_metrics.jsonl")).doesNotExist();
            assertThat(summary).doesNotContainKey("server").containsKey("delivery");
        }
    }

    @Test
    void aRunServedByTheSimulator_keepsEachRequestsOwnDelayBehindTheModel() throws Exception {
        try (SimServer server = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 7)) {
            run(server);
            Path run = dir.resolve("run");
            dev.infergate.analysis.SimulatorDelays delays = dev.infergate.analysis.SimulatorDelays.read(run);
            assertThat(delays.known()).isTrue();
            java.util.Set<Long> measured = new java.util.HashSet<>();
            dev.infergate.record.RunLog.readRecords(run, r -> {
                if (r.measured()) {
                    measured.add(r.id());
                }
            });
            assertThat(measured).hasSize(16).allSatisfy(id -> {
                assertThat(delays.firstTokenMs(id)).as("request %d", id).isNotNaN().isGreaterThanOrEqualTo(0);
                assertThat(delays.endMs(id)).as("request %d", id).isNotNaN().isGreaterThanOrEqualTo(0);
            });
            // the file holds only checked lines: an id of digits and two finite delays
            assertThat(Files.readAllLines(run.resolve(dev.infergate.record.RunLog.SIMULATOR_DELAYS_FILE)))
                    .allMatch(l -> l.matches("\\{\"id\":[0-9]+,\"first_token_ms\":[0-9.Ee-]+,\"end_ms\":[0-9.Ee-]+}"));
        }
    }

    @Test
    void withoutServerMetrics_noPerRequestDelaysAreFetched() throws Exception {
        try (SimServer server = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 7)) {
            run(server, "--server-metrics", "off");
            assertThat(dir.resolve("run").resolve(dev.infergate.record.RunLog.SIMULATOR_DELAYS_FILE)).doesNotExist();
        }
    }
}
