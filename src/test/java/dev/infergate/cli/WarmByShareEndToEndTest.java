package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.testing.EngineServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fresh-prefix chat run on a server that serves a chat template's first tokens from its cache (llama.cpp reuses
 * them for every request): the requests are cold, because warm takes at least half the prompt from cache.
 */
class WarmByShareEndToEndTest {
    @TempDir
    Path dir;

    @Test
    void freshPromptsWithTheTemplatesTokensCached_areCold_andTheCachedShareIsShown() throws Exception {
        try (EngineServer server = new EngineServer(EngineServer.Behaviour.CLOSE_AFTER_STREAM, Duration.ofSeconds(5),
                EngineServer.TokenizeDialect.LLAMA_CPP, 10, 4)) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.execute(new String[] {"run", "--base-url", server.baseUrl() + "/v1", "--concurrency", "2",
                    "--requests", "24", "--input-tokens", "64", "--output-tokens", "4", "--prefix", "fresh",
                    "--out", dir.toString(), "--no-progress", "--server-metrics", "off"},
                    new PrintWriter(out, true), new PrintWriter(err, true));
            assertThat(code).as(err.toString()).isZero();
            List<RequestRecord> records = new ArrayList<>();
            RunLog.readRecords(dir, records::add);
            assertThat(records).hasSize(24).allSatisfy(r -> {
                assertThat(r.tokens().cached()).isEqualTo(10); // every request had some cached tokens...
                assertThat(r.warmCache()).isFalse(); // ...yet none is warm
            });
            JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
            assertThat(summary.path("by_cache").path("cold").path("requests").path("completed").asInt()).isEqualTo(24);
            assertThat(summary.path("by_cache").path("warm").path("requests").path("sent").asInt()).isZero();
            assertThat(summary.path("cache").path("warm_cached_share").asDouble()).isEqualTo(0.5);
            assertThat(summary.path("cache").path("requests_with_cached_tokens").asInt()).isEqualTo(24);
            assertThat(out.toString()).contains("cache: 0 of 24 completed requests warm (at least 50 % of the prompt cached)")
                    .containsPattern("\n  cold TTFT \\(< 50 % cached\\): p50 [0-9.]+ ms · p95 [0-9.]+ ms · p99 [0-9.]+ ms · 24 requests\n")
                    .doesNotContain("warm TTFT"); // no warm request, so no warm row
            // the server counts the prompt its own way: the run shows by how much
            assertThat(summary.path("prompt_tokens_vs_intended").path("requests").asInt()).isEqualTo(24);
            assertThat(out.toString()).contains("prompt tokens: server count minus intended p50");
            JsonNode run = new ObjectMapper().readTree(dir.resolve("run.json").toFile());
            assertThat(run.path("workload").path("tokenize_dialect").asText()).isEqualTo("llama.cpp");
        }
    }
}
