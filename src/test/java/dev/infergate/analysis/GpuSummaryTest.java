package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.cli.Main;
import dev.infergate.metrics.Engine;
import dev.infergate.metrics.Exposition;
import dev.infergate.metrics.PrometheusTextParser;
import dev.infergate.metrics.ServerMetricsMapping;
import dev.infergate.record.RecordCodec;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import dev.infergate.report.ConsoleSummary;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DCGM figures from recorded exporter text show in summary.json, the console, compare and the report. */
class GpuSummaryTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    /** A run of 10 requests of 100 output tokens over 1 s, with three scrapes of the recorded page (power scaled). */
    private Path run(String name, double powerScale) throws IOException {
        Path run = Files.createDirectories(dir.resolve(name));
        Files.writeString(run.resolve("run.json"), "{\"schema\":\"infergate.run/1\",\"model\":\"m\",\"labels\":{\"gpu\":\""
                + name + "\"},\"load\":{\"mode\":\"closed\",\"concurrency\":1},\"ended_at\":\"x\"}");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            long s = i * 100 * MS;
            sb.append(RecordCodec.toJson(RequestRecord.builder(i).scheduledNanos(s).sentNanos(s).headersNanos(s)
                    .firstTokenNanos(s + 10 * MS).lastTokenNanos(s + 99 * MS).doneNanos(s + 100 * MS).status(200)
                    .inputTokens(10).outputTokens(100).outputTokensSource(TokenSource.USAGE).chunks(100)
                    .maxStallNanos(MS).build()))
                    .append('\n');
        }
        Files.writeString(run.resolve("requests.jsonl"), sb.toString());
        String page = Files.readString(Path.of("src/test/resources/dev/infergate/metrics/dcgm-exporter.txt"))
                .replace("} 612.5", "} " + 612.5 * powerScale).replace("} 587.5", "} " + 587.5 * powerScale);
        Exposition e = PrometheusTextParser.parse(page);
        StringBuilder scrapes = new StringBuilder();
        for (long t : new long[] {0, 500 * MS, 1000 * MS}) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("offset_ns", t);
            line.put("engine", "unknown");
            line.put("values", ServerMetricsMapping.map(e, Engine.detect(e)));
            scrapes.append(JSON.writeValueAsString(line)).append('\n');
        }
        Files.writeString(run.resolve("server_metrics.jsonl"), scrapes.toString());
        return run;
    }

    @Test
    void summary_givesTokensPerSecondPerWattAndPerGpu() throws IOException {
        Path run = run("h100", 1.0);
        JsonNode s = JSON.valueToTree(Summarizer.summarize(run));
        JsonNode gpu = s.get("gpu");
        assertThat(gpu.get("count").asInt()).isEqualTo(2);
        assertThat(gpu.get("power_w_mean_total").asDouble()).isEqualTo(1200.0);
        double tokensPerSecond = s.at("/throughput/output_tokens_per_s").asDouble();
        assertThat(tokensPerSecond).isCloseTo(1000.0, within(1.0));
        assertThat(gpu.get("output_tokens_per_s_per_watt").asDouble()).isCloseTo(tokensPerSecond / 1200, within(1e-4));
        assertThat(gpu.get("output_tokens_per_s_per_gpu").asDouble()).isCloseTo(tokensPerSecond / 2, within(0.01));
        assertThat(gpu.at("/gpus/gpu-node-1~11/util_pct/p50").asDouble()).isEqualTo(91.0);
        assertThat(gpu.at("/gpus/gpu-node-1~11/util_pct").fieldNames()).toIterable().containsExactly("p50", "max");
        assertThat(gpu.fieldNames()).toIterable().containsExactly("source", "count", "scrapes", "power_w_mean_total",
                "output_tokens_per_s_per_gpu", "output_tokens_per_s_per_watt", "gpus");
        assertThat(gpu.at("/gpus/gpu-node-1~11/fb_used_mib_max").asDouble()).isEqualTo(74168.0);
        assertThat(ConsoleSummary.render(Summarizer.summarize(run)))
                .contains("gpu (DCGM): 2 x NVIDIA H100 80GB HBM3 · 1200.0 W · " + gpu.get("output_tokens_per_s_per_watt").asText()
                        + " output tok/s per W");
    }

    @Test
    void compareAndReport_showEachSidesTokensPerWatt() throws IOException {
        Path base = run("h100", 1.0);
        Path cand = run("h200", 0.5);
        StringWriter out = new StringWriter();
        Main.execute(new String[] {"compare", base.toString(), cand.toString()}, new PrintWriter(out, true),
                new PrintWriter(new StringWriter(), true));
        assertThat(out.toString()).contains("gpu (DCGM, measured, not judged by a criterion): baseline 2 x NVIDIA H100"
                + " 80GB HBM3, 0.83").contains("candidate 2 x NVIDIA H100 80GB HBM3, 1.66");
        Path html = dir.resolve("r.html");
        assertThat(Main.execute(new String[] {"report", base.toString(), cand.toString(), "-o", html.toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(new StringWriter(), true))).isZero();
        assertThat(Files.readString(html)).contains("measured.gpu.output_tokens_per_s_per_watt");
    }

    @Test
    void aRunWithoutGpuFigures_hasNoGpuBlock() throws IOException {
        Path run = run("x", 1.0);
        Files.writeString(run.resolve("server_metrics.jsonl"), "{\"offset_ns\":0,\"engine\":\"vllm\",\"values\":{}}\n");
        assertThat(Summarizer.summarize(run).gpu()).isNull();
    }
}
