package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.net.URI;
import org.junit.jupiter.api.Test;

class SimulatorStallsTest {
    @Test
    void theCounter_isReadFromTheSimulatorsOwnMetricsPage() throws Exception {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            double seconds = new SimulatorStalls().stalledSeconds(URI.create(sim.baseUrl().replace("/v1", "") + "/metrics"));
            assertThat(seconds).as("the page's value, as the simulator counts it")
                    .isEqualTo(sim.engineStalledNanos() / 1e9, within(0.05));
        }
    }

    @Test
    void anotherServersPage_orNoPage_isUnknown_neverAStall() {
        assertThat(SimulatorStalls.counter("""
                # TYPE vllm:num_requests_running gauge
                vllm:num_requests_running{model_name="m"} 3.0
                """)).isNaN();
        assertThat(new SimulatorStalls().stalledSeconds(URI.create("http://127.0.0.1:9/metrics"))).isNaN();
        assertThat(SimulatorStalls.counter("""
                # TYPE infergate_sim_engine_stall_seconds counter
                infergate_sim_engine_stall_seconds_total 0.25
                """)).isEqualTo(0.25);
    }

    @Test
    void theShare_isTheIncreaseOverTheRunsTime() {
        assertThat(SimulatorStalls.share(1.0, 1.5, 10)).isEqualTo(0.05);
        assertThat(SimulatorStalls.share(Double.NaN, 1.5, 10)).isNaN();
        assertThat(SimulatorStalls.share(1.0, 0.5, 10)).as("a restarted simulator: no negative loss").isZero();
    }
}
