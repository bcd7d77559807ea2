package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import dev.infergate.client.MetricsScraper;
import dev.infergate.json.Json;
import dev.infergate.metrics.PrometheusTextParser;
import dev.infergate.metrics.SimulatorSelfReport;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulatorLagTest {
    private static final String BEFORE = """
            # TYPE infergate_sim_dispatch_lateness_seconds histogram
            infergate_sim_dispatch_lateness_seconds_bucket{model_name="m",le="0.001"} 900.0
            infergate_sim_dispatch_lateness_seconds_bucket{model_name="m",le="0.01"} 1000.0
            infergate_sim_dispatch_lateness_seconds_bucket{model_name="m",le="0.05"} 1000.0
            infergate_sim_dispatch_lateness_seconds_bucket{model_name="m",le="+Inf"} 1000.0
            # TYPE infergate_sim_engine_stall_seconds counter
            infergate_sim_engine_stall_seconds_total{model_name="m"} 1.0
            """;

    @TempDir
    Path dir;

    private static SimulatorSelfReport page(String text) {
        return SimulatorSelfReport.of(PrometheusTextParser.parse(text));
    }

    @Test
    void theSimulatorsOwnPage_isScrapedIntoTheRunsLog_andReadBack() throws Exception {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            Endpoint e = new Endpoint(URI.create(sim.baseUrl()), Api.CHAT, "m", true, Map.of(), null, false, false,
                    Duration.ofSeconds(5));
            try (MetricsScraper scraper = new MetricsScraper(URI.create(e.rootUrl("/metrics")), e, Duration.ofSeconds(60),
                    System.nanoTime(), dir).start()) {
                assertThat(scraper.errors()).isZero();
            } // a first scrape at start, a last one at close
            assertThat(Files.readString(dir.resolve(RunLog.SERVER_METRICS_FILE))).contains("\"simulator\":{\"stalled_seconds\":",
                    "\"lateness_seconds\":{\"5.0E-5\":");
            SimulatorLag lag = SimulatorLag.read(dir);
            assertThat(lag.known()).as("the counter is there, even before any token").isTrue();
            assertThat(lag.stalledSeconds()).as("no request, no stall").isEqualTo(0.0, within(0.05));
            assertThat(lag.wallSeconds()).isPositive();
            assertThat(lag.tokens()).isZero();
            assertThat(lag.lateQuantileMs(0.99)).as("no token in between").isNaN();
        }
    }

    @Test
    void anotherServersPage_orNoScrapes_isUnknown_neverBehind() throws Exception {
        SimulatorSelfReport vllm = page("""
                # TYPE vllm:num_requests_running gauge
                vllm:num_requests_running{model_name="m"} 3.0
                """);
        assertThat(vllm.present()).isFalse();
        SimulatorLag between = SimulatorLag.between(vllm, vllm, 10);
        assertThat(between.known()).isFalse();
        assertThat(between.stalledShare()).isNaN();
        assertThat(between.lateQuantileMs(0.99)).isNaN();
        assertThat(between.behind()).isFalse();
        assertThat(SimulatorLag.read(dir)).as("a run without server_metrics.jsonl").isEqualTo(SimulatorLag.UNKNOWN);
        Files.writeString(dir.resolve(RunLog.SERVER_METRICS_FILE), """
                {"offset_ns":0,"engine":"vllm","values":{"running_requests":1.0}}
                {"offset_ns":1000000000,"error":"IOException"}
                {"offset_ns":2000000000,"engine":"vllm","values":{"running_requests":0.0}}
                {"offset_ns":3000000000,"engine":"vl""");
        assertThat(SimulatorLag.read(dir).known()).as("a vLLM server's log, with an error and a torn last line").isFalse();
    }

    @Test
    void aPageWithNonsenseValues_isReadAsUnknown_neverAsAStall() {
        SimulatorSelfReport odd = page("""
                # TYPE infergate_sim_dispatch_lateness_seconds histogram
                infergate_sim_dispatch_lateness_seconds_bucket{le="0.001"} -5.0
                infergate_sim_dispatch_lateness_seconds_bucket{le="NaN"} 3.0
                infergate_sim_dispatch_lateness_seconds_bucket{le="0.01"} NaN
                infergate_sim_dispatch_lateness_seconds_bucket{le="+Inf"} +Inf
                # TYPE infergate_sim_engine_stall_seconds counter
                infergate_sim_engine_stall_seconds_total +Inf
                """);
        assertThat(odd.stalledSeconds()).isNaN();
        assertThat(odd.lateness()).isEmpty();
        assertThat(odd.present()).isFalse();
        assertThat(page(BEFORE.replace("} 1.0\n", "} -1.0\n")).stalledSeconds()).as("a negative counter").isNaN();
    }

    @Test
    void theStallShare_isTheCountersIncreaseOverTheRunsTime() {
        SimulatorSelfReport before = page(BEFORE);
        SimulatorSelfReport after = page(BEFORE.replace("stall_seconds_total{model_name=\"m\"} 1.0",
                "stall_seconds_total{model_name=\"m\"} 1.5"));
        assertThat(SimulatorLag.between(before, after, 10).stalledShare()).isEqualTo(0.05);
        assertThat(SimulatorLag.between(before, after, 10).behind()).as("5 % of the run lost: over 1 %").isTrue();
        assertThat(SimulatorLag.between(after, before, 10).stalledShare()).as("a restarted simulator counts from zero")
                .isEqualTo(0.1);
    }

    @Test
    void theLatenessQuantiles_areTheBucketBoundsOfTheTokensBetweenTheTwoReadings() {
        SimulatorSelfReport before = page(BEFORE);
        // 1,000 more tokens: 980 within 1 ms, 20 between 10 and 50 ms; before that, 100 of 1,000 were 1-10 ms late
        SimulatorSelfReport after = page(BEFORE
                .replace("le=\"0.001\"} 900.0", "le=\"0.001\"} 1880.0").replace("le=\"0.01\"} 1000.0", "le=\"0.01\"} 1980.0")
                .replace("le=\"0.05\"} 1000.0", "le=\"0.05\"} 2000.0").replace("le=\"+Inf\"} 1000.0", "le=\"+Inf\"} 2000.0"));
        SimulatorLag lag = SimulatorLag.between(before, after, 10);
        assertThat(lag.tokens()).isEqualTo(1000.0);
        assertThat(lag.lateQuantileMs(0.99)).as("the 990th of 1,000 new tokens is in the 10-50 ms bucket").isEqualTo(50.0);
        assertThat(lag.lateQuantileMs(0.5)).isEqualTo(1.0);
        assertThat(lag.behind()).as("p99 50 ms: over the 10 ms limit").isTrue();
        SimulatorSelfReport quiet = page(BEFORE.replace("le=\"0.001\"} 900.0", "le=\"0.001\"} 1900.0")
                .replace("le=\"0.01\"} 1000.0", "le=\"0.01\"} 2000.0").replace("le=\"0.05\"} 1000.0", "le=\"0.05\"} 2000.0")
                .replace("le=\"+Inf\"} 1000.0", "le=\"+Inf\"} 2000.0"));
        assertThat(SimulatorLag.between(before, quiet, 10).lateQuantileMs(0.99)).as("all 1,000 new tokens within 1 ms").isEqualTo(1.0);
        assertThat(SimulatorLag.between(before, quiet, 10).behind()).isFalse();
    }

    @Test
    void aLogLine_roundTripsTheReport() throws Exception {
        SimulatorSelfReport report = page(BEFORE);
        String line = Json.COMPACT.writeValueAsString(Map.of("offset_ns", 0, "simulator", report.json()));
        String later = line.replace("\"offset_ns\":0", "\"offset_ns\":2000000000").replace("\"stalled_seconds\":1.0",
                "\"stalled_seconds\":1.01");
        Files.writeString(dir.resolve(RunLog.SERVER_METRICS_FILE), line + "\n" + later + "\n");
        SimulatorLag lag = SimulatorLag.read(dir);
        assertThat(lag.wallSeconds()).isEqualTo(2.0);
        assertThat(lag.stalledShare()).isEqualTo(0.005, within(1e-9));
        assertThat(lag.tokens()).isZero();
    }
}
