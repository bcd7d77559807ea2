package dev.infergate.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerMetricsMappingTest {

    @Test
    void llamaServerCapture_mapsWhatItReportsAndLeavesTheRestAbsent() {
        Exposition e = PrometheusTextParser.parse(PrometheusTextParserTest.fixtureBody("metrics_after"));
        Map<String, Object> m = plain(ServerMetricsMapping.map(e, Engine.detect(e)));
        assertThat(m).containsEntry("running_requests", 0.0).containsEntry("waiting_requests", 0.0)
                .containsEntry("prompt_tokens", 2162.0).containsEntry("generation_tokens", 1200.0);
        assertThat(m).doesNotContainKeys("prefix_cache_hits", "preemptions", "queue_time_seconds",
                "server_ttft_seconds", "kv_cache_usage");
    }

    @Test
    void vllmText_mapsGaugesCountersAndHistogramsAddingSeries() {
        Exposition e = PrometheusTextParser.parse("""
                # TYPE vllm:num_requests_running gauge
                vllm:num_requests_running{engine="0"} 3
                vllm:num_requests_running{engine="1"} 2
                # TYPE vllm:kv_cache_usage_perc gauge
                vllm:kv_cache_usage_perc{engine="0"} 0.5
                vllm:kv_cache_usage_perc{engine="1"} 0.75
                # TYPE vllm:prefix_cache_hits counter
                vllm:prefix_cache_hits_total{engine="0"} 100
                vllm:prefix_cache_hits_created{engine="0"} 1.7e9
                # TYPE vllm:num_preemptions counter
                vllm:num_preemptions_total 0
                # TYPE vllm:time_to_first_token_seconds histogram
                vllm:time_to_first_token_seconds_bucket{le="0.1"} 2
                vllm:time_to_first_token_seconds_bucket{le="+Inf"} 6
                vllm:time_to_first_token_seconds_sum 4.25
                vllm:time_to_first_token_seconds_count 6
                """);
        assertThat(Engine.detect(e)).isEqualTo(Engine.VLLM);
        Map<String, Object> m = plain(ServerMetricsMapping.map(e, Engine.VLLM));
        assertThat(m).containsEntry("running_requests", 5.0).containsEntry("kv_cache_usage", 0.75)
                .containsEntry("prefix_cache_hits", 100.0).containsEntry("preemptions", 0.0)
                .doesNotContainKeys("waiting_requests", "prefix_cache_queries");
        assertThat(m.get("server_ttft_seconds")).isEqualTo(Map.of("sum", 4.25, "count", 6.0,
                "buckets", Map.of("0.1", 2.0, "+Inf", 6.0)));
    }

    @Test
    void unknownServer_mapsNothing() {
        Exposition e = PrometheusTextParser.parse("process_cpu_seconds_total 12\n");
        assertThat(Engine.detect(e)).isEqualTo(Engine.UNKNOWN);
        assertThat(plain(ServerMetricsMapping.map(e, Engine.UNKNOWN))).isEmpty();
    }

    /** The values as server_metrics.jsonl holds them, read back as a plain JSON object. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> plain(ServerMetricsMapping.Values values) {
        return dev.infergate.json.Json.COMPACT.convertValue(values, java.util.LinkedHashMap.class);
    }
}
