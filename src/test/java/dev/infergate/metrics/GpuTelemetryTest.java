package dev.infergate.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GpuTelemetryTest {
    static String recorded() throws IOException {
        return Files.readString(Path.of("src/test/resources/dev/infergate/metrics/dcgm-exporter.txt"));
    }

    @Test
    void dcgmExporterText_mapsPerGpuUtilisationMemoryPowerAndClock() throws IOException {
        Exposition e = PrometheusTextParser.parse(recorded());
        Map<String, Map<String, Object>> gpus = GpuTelemetry.map(e).gpus();
        assertThat(gpus).containsOnlyKeys("gpu-node-1/0", "gpu-node-1/1");
        assertThat(gpus.get("gpu-node-1/0")).containsEntry("util_pct", 87.0).containsEntry("fb_used_mib", 74162.0)
                .containsEntry("power_w", 612.5).containsEntry("sm_clock_mhz", 1980.0)
                .containsEntry("model", "NVIDIA H100 80GB HBM3");
        assertThat(gpus.get("gpu-node-1/1")).containsEntry("power_w", 587.5);
    }

    @Test
    void theScrapedValuesCarryTheGpuBlock_besideTheEngineFigures() throws IOException {
        Exposition e = PrometheusTextParser.parse(recorded() + "# TYPE vllm:num_requests_running gauge\n"
                + "vllm:num_requests_running{model_name=\"m\"} 8\n");
        Map<String, Object> values = plain(ServerMetricsMapping.map(e, Engine.detect(e)));
        assertThat(values).containsEntry("running_requests", 8.0).containsKey(GpuTelemetry.KEY);
    }

    @Test
    void aPageWithoutDcgmNames_hasNoGpuBlock() {
        Exposition e = PrometheusTextParser.parse("# TYPE vllm:num_requests_running gauge\nvllm:num_requests_running 3\n");
        assertThat(plain(ServerMetricsMapping.map(e, Engine.VLLM))).doesNotContainKey(GpuTelemetry.KEY);
    }

    /** The values as server_metrics.jsonl holds them, read back as a plain JSON object. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> plain(ServerMetricsMapping.Values values) {
        return dev.infergate.json.Json.COMPACT.convertValue(values, java.util.LinkedHashMap.class);
    }
}
