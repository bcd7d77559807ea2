package dev.infergate.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsoleSummaryTest {
    private static Map<String, Object> summary(Map<String, Object> delivery, Map<String, Object> server) {
        return summary(delivery, server, Map.of());
    }

    private static Map<String, Object> summary(Map<String, Object> delivery, Map<String, Object> server,
            Map<String, Object> byCache) {
        return Map.of("by_cache", byCache, "run", Map.of("base_url", "http://h/v1", "model", "m", "api", "completions"),
                "requests", Map.of("sent", 10, "completed", 10, "failed", 0, "warmup", 0),
                "throughput", Map.of("window_s", 1.0, "requests_per_s", 10.0, "output_tokens_per_s", 40.0,
                        "input_tokens_per_s", 320.0),
                "tokens", Map.of("output_source", "usage"),
                "cache", Map.of("requests_with_cached_tokens", 10, "cached_token_ratio", 0.004, "warm_cached_share", 0.5,
                        "warm_requests", 0, "reported_by_server", true),
                "prompt_tokens_vs_intended", Map.of("requests", 10, "difference_p50", 2, "difference_p99", 4,
                        "difference_min", 2, "difference_max", 4, "exact_share", 0.0),
                "connections", Map.of("requests", 10, "opened", 10, "opened_per_request", 1.0, "client_retries", 2),
                "delivery", delivery, "server", server);
    }

    private static Map<String, Object> side(long count, double p50, double p95, double p99) {
        return Map.of("latency_ms", Map.of("ttft", count == 0 ? Map.of("count", 0L)
                : Map.of("count", count, "p50", p50, "p95", p95, "p99", p99)));
    }

    @Test
    void cacheSplit_showsTtftPerSideWithRequests_andTheWarmShareUsed() {
        String both = ConsoleSummary.render(summary(Map.of(), Map.of(),
                Map.of("cold", side(4, 512.25, 700, 1234.5), "warm", side(6, 61.5, 80, 95.25))));
        assertThat(both).contains("  cold TTFT (< 50 % cached): p50 512.3 ms · p95 700.0 ms · p99 1235 ms · 4 requests\n"
                + "  warm TTFT (>= 50 % cached): p50 61.50 ms · p95 80.00 ms · p99 95.25 ms · 6 requests\n");
        String coldOnly = ConsoleSummary.render(summary(Map.of(), Map.of(),
                Map.of("cold", side(10, 500, 600, 700), "warm", side(0, 0, 0, 0))));
        assertThat(coldOnly).contains("  cold TTFT (< 50 % cached): p50 500.0 ms").doesNotContain("warm TTFT");
    }

    @Test
    void noStream_saysNotStreamed_withoutNaNShares() {
        String out = ConsoleSummary.render(summary(Map.of("verdict", "not_streamed"), Map.of()));
        assertThat(out).contains("streaming delivery: not streamed (--no-stream)").doesNotContain("NaN");
    }

    @Test
    void serverLine_listsOnlyWhatTheServerReports() {
        String out = ConsoleSummary.render(summary(Map.of(), Map.of("engine", "llamacpp",
                "running_requests", Map.of("max", 4), "absent", List.of("preemptions", "queue_time_seconds"))));
        assertThat(out).contains("server (llamacpp /metrics): running max 4\n").doesNotContain("not reported", "preemptions");
    }

    @Test
    void cacheConnectionsAndPromptLines_showSharesRetriesAndTheDifference() {
        String out = ConsoleSummary.render(summary(Map.of(), Map.of()));
        assertThat(out).contains("cache: 0 of 10 completed requests warm (at least 50 % of the prompt cached)"
                + " · cached-token share 0.4 % · 10 had any cached tokens")
                .contains("prompt tokens: server count minus intended p50 +2, p99 +4")
                .contains("connections: 10 opened for 10 requests (1.00 per request) · 2 client retries");
    }
}
