package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeadlineTest {
    @TempDir
    Path dir;

    @Test
    void acceptanceAsInfergateAcceptWritesIt_givesReasonCapacityAndCaveats() throws Exception {
        Path baseline = ReportModelGoldenTest.run(dir, "baseline", "{}", 100, 20);
        Files.writeString(baseline.resolve(ReportInputs.ACCEPTANCE_FILE), "{\"schema\":\"infergate.acceptance/1\","
                + "\"verdict\":\"inconclusive\",\"headline\":\"+900 requests/hour at 95% SLO attainment\","
                + "\"capacity\":{\"baseline\":{\"rate_per_s\":2.5}},\"caveats\":[\"one repeat only\"]}");

        Headline.View headline = ReportModel.build(List.of(baseline)).headline();

        assertThat(headline.verdict()).isEqualTo("inconclusive");
        assertThat(headline.reason()).isEqualTo("+900 requests/hour at 95% SLO attainment");
        assertThat(headline.sides().get(0).capacity()).isEqualTo(2.5);
        assertThat(headline.caveats()).contains("one repeat only");
    }

    @Test
    void withoutAcceptance_theHeadlineHasNoVerdictOrReasonKeys() throws Exception {
        Path run = ReportModelGoldenTest.run(dir, "plain", "{}", 100, 20);

        String json = ReportInputs.JSON.writeValueAsString(ReportModel.build(List.of(run)).headline());

        assertThat(json).startsWith("{\"sides\":").doesNotContain("\"verdict\"");
    }

    @Test
    void serverMetrics_asTheScraperWritesThem_areDrawnAndFailedScrapesSkipped() throws Exception {
        Path run = ReportModelGoldenTest.run(dir, "scraped", "{}", 100, 20);
        Files.writeString(run.resolve(ReportInputs.SERVER_METRICS_FILE),
                "{\"offset_ns\":500000000,\"engine\":\"vllm\",\"values\":{\"running_requests\":3,\"kv_cache_usage\":0.25,"
                + "\"prefix_cache_hits\":0,\"prefix_cache_queries\":100,\"preemptions\":0}}\n"
                + "{\"offset_ns\":1000000000,\"error\":\"connection refused\"}\n"
                + "{\"offset_ns\":1500000000,\"engine\":\"vllm\",\"values\":{\"running_requests\":5,\"kv_cache_usage\":0.5,"
                + "\"prefix_cache_hits\":60,\"prefix_cache_queries\":200,\"preemptions\":1}}\n");

        ReportData data = ReportModel.build(List.of(run));
        ServerMetrics.Series metrics = data.sides().get(0).serverMetrics();

        assertThat(metrics.tS()).isEqualTo(List.of(0.5, 1.5));
        assertThat(metrics.requestsRunning()).isEqualTo(List.of(3.0, 5.0));
        assertThat(metrics.prefixCacheHitRate()).isEqualTo(Arrays.asList(null, 0.6));
        assertThat(metrics.preemptionsTotal()).isEqualTo(List.of(0.0, 1.0));
        assertThat(metrics.stats().get("requests_running")).isEqualTo(new ServerMetrics.Stats(3.0, 4.0, 5.0, 5.0));
        assertThat(ReportInputs.JSON.valueToTree(metrics).fieldNames()).toIterable().containsExactly("scrapes", "t_s",
                "kv_cache_usage", "requests_running", "requests_waiting", "prefix_cache_hit_rate", "preemptions_total", "stats");
        assertThat(data.headline().caveats().toString()).doesNotContain("server_metrics");
    }
}
