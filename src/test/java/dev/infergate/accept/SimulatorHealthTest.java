package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.net.URI;
import org.junit.jupiter.api.Test;

class SimulatorHealthTest {
    private static final String BEFORE = """
            # TYPE infergate_sim_dispatch_lateness_seconds histogram
            infergate_sim_dispatch_lateness_seconds_bucket{model_name="m",le="0.001"} 900.0
            infergate_sim_dispatch_lateness_seconds_bucket{model_name="m",le="0.01"} 1000.0
            infergate_sim_dispatch_lateness_seconds_bucket{model_name="m",le="0.05"} 1000.0
            infergate_sim_dispatch_lateness_seconds_bucket{model_name="m",le="+Inf"} 1000.0
            # TYPE infergate_sim_engine_stall_seconds counter
            infergate_sim_engine_stall_seconds_total{model_name="m"} 1.0
            """;

    @Test
    void theSimulatorsOwnPage_isRead() throws Exception {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            SimulatorHealth.Snapshot s = new SimulatorHealth().read(URI.create(sim.baseUrl().replace("/v1", "") + "/metrics"));
            assertThat(s.stalledSeconds()).as("the counter, as the simulator counts it")
                    .isEqualTo(sim.engineStalledNanos() / 1e9, within(0.05));
            assertThat(s.lateness()).as("the lateness buckets, +Inf included").containsKey(Double.POSITIVE_INFINITY).hasSizeGreaterThan(5);
        }
    }

    @Test
    void anotherServersPage_orNoPage_isUnknown_neverBehind() {
        SimulatorHealth.Snapshot vllm = SimulatorHealth.parse("""
                # TYPE vllm:num_requests_running gauge
                vllm:num_requests_running{model_name="m"} 3.0
                """);
        assertThat(vllm.stalledShareSince(vllm, 10)).isNaN();
        assertThat(vllm.latenessP99MillisSince(vllm)).isNaN();
        SimulatorHealth.Snapshot none = new SimulatorHealth().read(URI.create("http://127.0.0.1:9/metrics"));
        assertThat(none.stalledSeconds()).isNaN();
        assertThat(none.lateness()).isEmpty();
    }

    @Test
    void theStallShare_isTheCountersIncreaseOverTheRunsTime() {
        SimulatorHealth.Snapshot before = SimulatorHealth.parse(BEFORE);
        SimulatorHealth.Snapshot after = SimulatorHealth.parse(BEFORE.replace("stall_seconds_total{model_name=\"m\"} 1.0",
                "stall_seconds_total{model_name=\"m\"} 1.5"));
        assertThat(after.stalledShareSince(before, 10)).isEqualTo(0.05);
        assertThat(before.stalledShareSince(after, 10)).as("a restarted simulator: no negative loss").isZero();
    }

    @Test
    void theLatenessP99_isTheBucketBoundOfTheTokensBetweenTheTwoReadings() {
        SimulatorHealth.Snapshot before = SimulatorHealth.parse(BEFORE);
        // 1,000 more tokens: 980 within 1 ms, 20 between 10 and 50 ms; before that, 100 of 1,000 were 1-10 ms late
        SimulatorHealth.Snapshot after = SimulatorHealth.parse(BEFORE
                .replace("le=\"0.001\"} 900.0", "le=\"0.001\"} 1880.0").replace("le=\"0.01\"} 1000.0", "le=\"0.01\"} 1980.0")
                .replace("le=\"0.05\"} 1000.0", "le=\"0.05\"} 2000.0").replace("le=\"+Inf\"} 1000.0", "le=\"+Inf\"} 2000.0"));
        assertThat(after.latenessP99MillisSince(before)).as("the 990th of 1,000 new tokens is in the 10-50 ms bucket")
                .isEqualTo(50.0);
        assertThat(before.latenessP99MillisSince(before)).as("no token in between").isNaN();
        SimulatorHealth.Snapshot quiet = SimulatorHealth.parse(BEFORE.replace("le=\"0.001\"} 900.0", "le=\"0.001\"} 1900.0")
                .replace("le=\"0.01\"} 1000.0", "le=\"0.01\"} 2000.0").replace("le=\"0.05\"} 1000.0", "le=\"0.05\"} 2000.0")
                .replace("le=\"+Inf\"} 1000.0", "le=\"+Inf\"} 2000.0"));
        assertThat(quiet.latenessP99MillisSince(before)).as("all 1,000 new tokens within 1 ms").isEqualTo(1.0);
    }
}
