package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.json.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerFiguresTest {
    @Test
    void aHistogramWithoutObservations_writesOnlyItsCount() throws Exception {
        assertThat(Json.COMPACT.writeValueAsString(new ServerFigures.Histogram(0, null, null, null)))
                .isEqualTo("{\"count\":0}");
    }

    @Test
    void aHistogramWithObservations_writesEveryQuantile_nullWhenInTheInfBucket() throws Exception {
        assertThat(Json.COMPACT.writeValueAsString(new ServerFigures.Histogram(3, 12.5, 10.0, null)))
                .isEqualTo("{\"count\":3,\"mean_ms\":12.5,\"p50_ms\":10.0,\"p90_ms\":null}");
    }

    @Test
    void theBlock_writesItsFiguresUnderTheServersKeys_betweenTheScrapeCountsAndAbsent() throws Exception {
        Map<String, ServerFigures.Value> figures = new LinkedHashMap<>();
        figures.put("prefix_cache_hit_rate", new ServerFigures.Amount(0.5));
        figures.put("running", new ServerFigures.Gauge(4.0, 8.0, 10));
        ServerFigures block = new ServerFigures("vllm", 10, 0, figures, List.of("queue_time"));
        assertThat(Json.COMPACT.writeValueAsString(block)).isEqualTo("{\"engine\":\"vllm\",\"scrapes\":10,"
                + "\"scrape_errors\":0,\"prefix_cache_hit_rate\":0.5,\"running\":{\"p50\":4.0,\"max\":8.0,\"samples\":10},"
                + "\"absent\":[\"queue_time\"]}");
    }
}
