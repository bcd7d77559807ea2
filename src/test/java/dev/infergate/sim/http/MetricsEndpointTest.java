package dev.infergate.sim.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code /metrics} is well-formed Prometheus text with vLLM's names, and counts what happened. */
class MetricsEndpointTest {
    private static final Pattern SAMPLE = Pattern.compile(
            "([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[a-zA-Z_][a-zA-Z0-9_]*=\"(?:[^\"\\\\]|\\\\.)*\"(?:,[a-zA-Z_][a-zA-Z0-9_]*=\"(?:[^\"\\\\]|\\\\.)*\")*})? (-?[0-9.eE+-]+|NaN|\\+Inf)");
    private static final Pattern TYPE = Pattern.compile("# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram)");

    @Test
    void metrics_areWellFormedPrometheusText_withVllmNames() throws Exception {
        SimServerWireTest.withServer(p -> p, (server, root) -> {
            String prompt = "{\"prompt\":\"" + "w ".repeat(40) + "\",\"max_tokens\":5,\"ignore_eos\":true}";
            SimServerWireTest.post(root + "/v1/completions", prompt);
            SimServerWireTest.post(root + "/v1/completions", prompt);

            HttpResponse<String> response = SimServerWireTest.get(root + "/metrics");
            assertThat(response.headers().firstValue("content-type")).hasValueSatisfying(
                    v -> assertThat(v).startsWith("text/plain; version=0.0.4"));
            Map<String, String> types = new HashMap<>();
            Map<String, Double> values = new HashMap<>();
            Set<String> sampleNames = new HashSet<>();
            for (String line : response.body().split("\n")) {
                Matcher type = TYPE.matcher(line);
                if (type.matches()) {
                    assertThat(types.put(type.group(1), type.group(2))).as("one TYPE per family").isNull();
                } else if (!line.startsWith("# HELP ")) {
                    Matcher sample = SAMPLE.matcher(line);
                    assertThat(sample.matches()).as("sample line: %s", line).isTrue();
                    assertThat(types).as("TYPE before %s", line).containsKey(family(sample.group(1), types));
                    sampleNames.add(sample.group(1));
                    String key = sample.group(1) + (line.contains("le=\"+Inf\"") ? "{+Inf}" : "");
                    values.put(key, Double.parseDouble(sample.group(3)));
                }
            }
            assertThat(response.body()).endsWith("\n");
            assertThat(types).containsKeys("vllm:num_requests_running", "vllm:num_requests_waiting",
                    "vllm:kv_cache_usage_perc", "vllm:prefix_cache_queries", "vllm:prefix_cache_hits",
                    "vllm:num_preemptions", "vllm:prompt_tokens", "vllm:generation_tokens",
                    "vllm:time_to_first_token_seconds", "vllm:request_queue_time_seconds",
                    "vllm:e2e_request_latency_seconds", "infergate_sim_dispatch_lateness_seconds",
                    "infergate_sim_engine_stall_seconds");
            assertThat(sampleNames).contains("infergate_sim_engine_stall_seconds_total", "vllm:prefix_cache_hits_total", "vllm:e2e_request_latency_seconds_bucket");
            assertThat(values).containsEntry("vllm:prompt_tokens_total", 80.0)
                    .containsEntry("vllm:generation_tokens_total", 10.0)
                    .containsEntry("vllm:prefix_cache_hits_total", 32.0)
                    .containsEntry("vllm:e2e_request_latency_seconds_count", 2.0)
                    .containsEntry("vllm:e2e_request_latency_seconds_bucket{+Inf}", 2.0);
            assertThat(values.get("infergate_sim_dispatch_lateness_seconds_count")).isEqualTo(10.0);
        });
    }

    /** The family a sample belongs to: its own name, or the name without a histogram/counter suffix. */
    private static String family(String sample, Map<String, String> types) {
        for (String suffix : List.of("_bucket", "_sum", "_count", "_total")) {
            if (sample.endsWith(suffix) && types.containsKey(sample.substring(0, sample.length() - suffix.length()))) {
                return sample.substring(0, sample.length() - suffix.length());
            }
        }
        return sample;
    }
}
