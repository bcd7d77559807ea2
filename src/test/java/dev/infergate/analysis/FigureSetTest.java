package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

class FigureSetTest {
    @Test
    void masked_marksWhatAnImportedFileDoesNotCarry_andLeavesTheRest() throws Exception {
        FigureSet f = new SummaryBuilder().figures(SummaryBuilder.percentiles(4, 10, 20, 30));
        FigureSet m = f.masked(List.of("itl", "throughput.requests_per_s", "errors.rate", "cache.hit_rate"), "not in the x result");

        assertThat(m.latencyMs().get(Metric.ITL)).isEqualTo(Percentiles.missing("not in the x result"));
        assertThat(m.latencyMs().get(Metric.TTFT)).isEqualTo(f.latencyMs().get(Metric.TTFT));
        assertThat(m.throughput().requestsPerS()).isNull();
        assertThat(m.throughput().outputTokensPerS()).isEqualTo(40.0);
        assertThat(m.errorRate()).isNull();
        assertThat(m.cache().reportedByServer()).isFalse();
        assertThat(m.value(Metric.THROUGHPUT_REQUESTS)).isNaN();
        assertThat(Json.COMPACT.writeValueAsString(m.latencyMs().get(Metric.ITL)))
                .isEqualTo("{\"count\":0,\"missing\":\"not in the x result\"}");
        assertThat(f.masked(List.of(), "-")).isEqualTo(f);
    }
}
