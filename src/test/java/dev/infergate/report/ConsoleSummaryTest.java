package dev.infergate.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsoleSummaryTest {
    private static Map<String, Object> summary(Map<String, Object> delivery, Map<String, Object> server) {
        return Map.of("run", Map.of("base_url", "http://h/v1", "model", "m", "api", "completions"),
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
