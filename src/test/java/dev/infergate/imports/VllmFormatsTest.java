package dev.infergate.imports;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.analysis.Summarizer;
import dev.infergate.json.Json;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * vLLM result files are recognised by what they hold. The December-2024 file ({@code benchmarks/benchmark_serving.py}
 * at commit 5b0ed839 with {@code --save-result}: per-request {@code ttfts}, {@code itls}, {@code input_lens},
 * {@code output_lens}, {@code errors}, no {@code latencies}) was written by hand from that writer's result dict: 192
 * requests, two of them failed ({@code ttft} 0, no gaps, "Internal Server Error"), one token per chunk.
 */
class VllmFormatsTest {
    private static final Path DECEMBER_2024 = Path.of("src/test/resources/imports/vllm-benchmark_serving-2024-12.json");

    @TempDir
    Path dir;

    @Test
    void aDecember2024File_importsItsPerRequestValues_withE2eDerivedAndSaidSo() throws IOException {
        Path copy = dir.resolve("vllm-2024-12.json");
        Files.copy(DECEMBER_2024, copy);
        JsonNode file = Json.COMPACT.readTree(copy.toFile());
        Path imported = Imports.materialize(copy);

        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(imported, records::add);
        assertThat(records).hasSize(192);
        assertThat(records.stream().filter(RequestRecord::succeeded).count()).isEqualTo(190);
        for (RequestRecord r : records) {
            int i = (int) r.id();
            assertThat(r.tokens().input()).isEqualTo(file.path("input_lens").path(i).asInt());
            if (!r.succeeded()) {
                assertThat(r.ttftNanos()).as("a failed request has no TTFT, never 0").isEqualTo(RequestRecord.ABSENT);
                continue;
            }
            double sumGaps = 0;
            for (JsonNode gap : file.path("itls").path(i)) {
                sumGaps += gap.asDouble();
            }
            double ttft = file.path("ttfts").path(i).asDouble();
            assertThat(r.ttftNanos()).isEqualTo(Math.round(ttft * 1e9));
            assertThat(r.events().chunks()).isEqualTo(file.path("output_lens").path(i).asInt());
            assertThat((double) r.e2eNanos()).as("E2E = TTFT + the sum of gaps").isCloseTo((ttft + sumGaps) * 1e9,
                    org.assertj.core.data.Offset.offset(1e3 * file.path("itls").path(i).size()));
        }
        JsonNode run = Json.COMPACT.readTree(imported.resolve("run.json").toFile());
        assertThat(run.at("/imported/derived/e2e").asText()).isEqualTo("ttft + the sum of gaps (the file has no latencies)");
        JsonNode summary = Json.COMPACT.valueToTree(Summarizer.summarize(imported));
        assertThat(summary.at("/latency_ms/ttft/count").asInt()).isEqualTo(190);
        assertThat(summary.at("/latency_ms/e2e/count").asInt()).isEqualTo(190);
        assertThat(summary.at("/latency_ms/ttft/mean").asDouble()).isCloseTo(file.path("mean_ttft_ms").asDouble(),
                org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void aFileWithTtftsButNeitherGapsNorLatencies_fallsBackToItsAggregates() throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode file = (com.fasterxml.jackson.databind.node.ObjectNode)
                Json.COMPACT.readTree(DECEMBER_2024.toFile());
        file.remove("itls");
        Path copy = dir.resolve("ttfts-only.json");
        Json.COMPACT.writeValue(copy.toFile(), file);
        Path imported = Imports.materialize(copy);
        assertThat(imported.resolve(RunLog.REQUESTS_FILE)).as("aggregates only: no per-request log").doesNotExist();
        assertThat(Json.COMPACT.readTree(imported.resolve("run.json").toFile()).at("/imported/derived").isMissingNode()).isTrue();
    }
}
