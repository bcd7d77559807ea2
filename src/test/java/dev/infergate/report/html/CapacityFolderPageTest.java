package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.json.Json;
import org.junit.jupiter.api.Test;

/** A capacity run's capacity.json, as the page's decision block reads it. */
class CapacityFolderPageTest {
    private static JsonNode capacityJson() throws Exception {
        return Json.COMPACT.readTree("""
                {"kind":"capacity","target":0.95,"slo":"ttft=2s","sides":{"baseline":{"rate_per_s":15.099669,
                 "requests_per_hour":54358.8,"requests_per_hour_interval":[52000.0,56000.0],"stop":"precision",
                 "longest_wait_ms":{"e2e_from_scheduled_p99":3081.0,"ttft_from_scheduled_p99":126.7,"count":52},
                 "probes":[{"rate_per_s":15.0,"passed":true}],"curve":[]}}}""");
    }

    @Test
    void aCapacityRun_hasNoAudienceToJudge_andItsWaitIsAtItsCapacity_inTheDigitsACapacityCarries() throws Exception {
        JsonNode acceptance = CapacityFolder.asAcceptance(capacityJson());
        Decision d = DecisionBlock.of(acceptance);

        assertThat(d.audiences()).isEmpty();
        assertThat(d.capacity()).as("no difference with one side").isNull();
        assertThat(d.longestWait()).singleElement().satisfies(w -> assertThat(w.where()).isEqualTo("at its capacity (15.1 req/s)"));
        assertThat(acceptance.path("slo").path("attainment").asDouble()).isEqualTo(0.95);
        assertThat(acceptance.path("capacity").path("baseline").path("stop").asText()).isEqualTo("precision");
    }
}
