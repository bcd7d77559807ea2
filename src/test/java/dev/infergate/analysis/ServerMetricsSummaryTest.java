package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerMetricsSummaryTest {
    @TempDir
    Path dir;

    static String line(long offsetMs, String values) {
        return "{\"offset_ns\":" + offsetMs * 1_000_000L + ",\"engine\":\"vllm\",\"values\":{" + values + "}}\n";
    }

    @Test
    @SuppressWarnings("unchecked")
    void countersAreDeltasOverTheWindow_gaugesMediansInside_andMissingFiguresAbsent() throws Exception {
        Files.writeString(dir.resolve("server_metrics.jsonl"),
                line(0, "\"prefix_cache_hits\":100,\"prefix_cache_queries\":200,\"running_requests\":0,"
                        + "\"server_ttft_seconds\":{\"sum\":1,\"count\":2,\"buckets\":{\"0.1\":1,\"1.0\":2,\"+Inf\":2}}")
                + line(1000, "\"prefix_cache_hits\":150,\"prefix_cache_queries\":260,\"running_requests\":4")
                + "{\"offset_ns\":1500000000,\"error\":\"HttpTimeoutException\"}\n"
                + line(2000, "\"prefix_cache_hits\":400,\"prefix_cache_queries\":600,\"running_requests\":6,"
                        + "\"server_ttft_seconds\":{\"sum\":3,\"count\":12,\"buckets\":{\"0.1\":6,\"1.0\":12,\"+Inf\":12}}")
                + line(3000, "\"prefix_cache_hits\":400,\"prefix_cache_queries\":600,\"running_requests\":0"));
        ServerFigures s = ServerMetricsSummary.summarize(dir, 500_000_000L, 2_500_000_000L);
        assertThat(s.engine()).isEqualTo("vllm");
        assertThat(s.scrapes()).isEqualTo(4);
        assertThat(s.scrapeErrors()).isEqualTo(1L);
        // baseline: the scrape at 0 (last before the start); end: the scrape at 3 s (first after the end)
        assertThat(s.amount("prefix_cache_hits")).isEqualTo(300.0);
        assertThat(s.amount("prefix_cache_queries")).isEqualTo(400.0);
        assertThat(s.amount("prefix_cache_hit_rate")).isEqualTo(0.75);
        assertThat(s.gauge("running_requests")).isEqualTo(new ServerFigures.Gauge(4.0, 6.0, 2));
        // TTFT histogram is missing from the last scrape: absent rather than made up
        assertThat(s.figures()).doesNotContainKeys("server_ttft_seconds", "preemptions", "queue_time_seconds");
        assertThat(s.absent()).contains("server_ttft_seconds", "preemptions", "kv_cache_usage");
    }

    @Test
    void histogramQuantile_interpolatesWithinTheBucket() {
        TreeMap<Double, Double> b = new TreeMap<>(Map.of(0.1, 5.0, 1.0, 10.0, Double.POSITIVE_INFINITY, 10.0));
        assertThat(ServerMetricsSummary.quantileMillis(b, 10, 0.5)).isEqualTo(100.0);
        assertThat(ServerMetricsSummary.quantileMillis(b, 10, 0.9)).isEqualTo(820.0);
        TreeMap<Double, Double> overflow = new TreeMap<>(Map.of(0.1, 1.0, Double.POSITIVE_INFINITY, 10.0));
        assertThat(ServerMetricsSummary.quantileMillis(overflow, 10, 0.9)).isNull();
    }

    @Test
    void noFile_meansNoServerBlock() {
        assertThat(ServerMetricsSummary.summarize(dir, 0, 1)).isNull();
    }
}
