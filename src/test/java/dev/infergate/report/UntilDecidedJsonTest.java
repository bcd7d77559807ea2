package dev.infergate.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.accept.AlphaSpending;
import dev.infergate.accept.UntilDecided;
import dev.infergate.json.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** acceptance.json's until_decided block: keys, order, and nulls for "unknown" (docs/acceptance.md). */
class UntilDecidedJsonTest {
    @Test
    void theBlock_isWrittenInTheDocumentedOrder_withUnknownsAsNull() throws Exception {
        Map<String, Integer> repeats = new LinkedHashMap<>();
        repeats.put("chat/baseline", 4);
        UntilDecided.Outcome outcome = new UntilDecided.Outcome(null, 2, new AlphaSpending(0.05, 3), UntilDecided.Stop.MAX_LOOKS,
                repeats, 2, 120, 1_500_000_000L, List.of(new UntilDecided.Undecided("chat", "ttft.p50 max_regression 10%", -1, 3,
                        2_250_000_000L, true)), -1);

        String json = Json.COMPACT.writeValueAsString(UntilDecidedJson.of(outcome));

        assertThat(json).isEqualTo("{\"looks\":2,\"max_looks\":3,\"alpha\":0.05,\"spending\":\"bonferroni\","
                + "\"confidence_per_look\":0.983333,\"stopped_because\":\"max_looks\",\"repeats\":{\"chat/baseline\":4},"
                + "\"added_repeats_per_side\":2,\"added_requests_per_side\":120,\"elapsed_s\":1.5,\"time_left_s\":null,"
                + "\"undecided\":[{\"condition\":\"chat\",\"criterion\":\"ttft.p50 max_regression 10%\","
                + "\"more_requests_per_side\":null,\"more_repeats\":3,\"time_left_s\":2.25,\"futile\":true}]}");
    }
}
