package dev.infergate.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CheckTest {
    @Test
    void evidenceGivenUnordered_isWrittenSortedByKey_soProbeJsonIsTheSameInEveryJvm() {
        Check check = new Check("tool_call_deltas", Check.Status.INFO, "parsed",
                Map.of("http_status", 200, "events", 4, "dialect", "x"));

        assertThat(check.evidence().keySet()).containsExactly("dialect", "events", "http_status");
    }

    @Test
    void evidenceGivenInOrder_keepsThatOrder() {
        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("share_buffered", 0.5);
        evidence.put("share_bursty", 0.1);
        evidence.put("ttft_ms_p50", 12.0);

        Check check = new Check("delivery", Check.Status.WARN, "buffered", evidence);

        assertThat(check.toMap().get("evidence")).isEqualTo(evidence);
        assertThat(check.evidence().keySet()).containsExactly("share_buffered", "share_bursty", "ttft_ms_p50");
    }
}
