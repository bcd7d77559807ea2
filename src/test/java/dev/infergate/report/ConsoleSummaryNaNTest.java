package dev.infergate.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.SummaryBuilder;
import dev.infergate.analysis.delivery.DeliveryVerdict;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsoleSummaryNaNTest {
    private static DeliveryVerdict.Evidence evidence(Double ttftShare) {
        return new DeliveryVerdict.Evidence(0, 0, 0, null, null, ttftShare, null, null, null, null, null, null, Map.of());
    }

    @Test
    void aDeliveryWithoutTtftShare_printsNoNaN() {
        SummaryBuilder b = new SummaryBuilder();
        b.delivery = new DeliveryVerdict.Figures("undetermined", 0.0, 0.0, 0.0, evidence(null));
        String text = ConsoleSummary.render(b.build());
        String line = text.lines().filter(l -> l.startsWith("streaming delivery")).findFirst().orElseThrow();
        assertThat(line).startsWith("streaming delivery: undetermined").doesNotContain("NaN").doesNotContain("TTFT is");
        b.delivery = new DeliveryVerdict.Figures("incremental", 1.0, 0.0, 0.0, evidence(0.25));
        String withShare = ConsoleSummary.render(b.build());
        assertThat(withShare).contains("at p50 TTFT is 25 % of E2E");
    }
}
