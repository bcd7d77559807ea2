package dev.infergate.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsoleSummaryNaNTest {
    @Test
    void aDeliveryWithoutTtftShare_printsNoNaN() {
        Map<String, Object> delivery = Map.of("verdict", "undetermined", "share_incremental", 0.0, "share_bursty", 0.0,
                "share_buffered", 0.0, "evidence", Map.of());
        String text = ConsoleSummary.render(Map.of("delivery", delivery));
        String line = text.lines().filter(l -> l.startsWith("streaming delivery")).findFirst().orElseThrow();
        assertThat(line).startsWith("streaming delivery: undetermined").doesNotContain("NaN").doesNotContain("TTFT is");
        String withShare = ConsoleSummary.render(Map.of("delivery", Map.of("verdict", "incremental", "share_incremental", 1.0,
                "share_bursty", 0.0, "share_buffered", 0.0, "evidence", Map.of("ttft_share_of_e2e_p50", 0.25))));
        assertThat(withShare).contains("at p50 TTFT is 25 % of E2E");
    }
}
