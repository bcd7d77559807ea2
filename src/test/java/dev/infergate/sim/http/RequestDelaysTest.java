package dev.infergate.sim.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.sim.driver.DispatchLateness;
import org.junit.jupiter.api.Test;

class RequestDelaysTest {
    @Test
    void aClientGetsItsOwnRequests_byItsIdPrefix_inMilliseconds() {
        RequestDelays delays = new RequestDelays(new DispatchLateness());
        delays.record("infergate-ab-1", 1_500_000, 4_000_000);
        delays.record("infergate-cd-1", 9_000_000, 9_000_000);
        delays.record(null, 1, 1);
        assertThat(delays.jsonLines("infergate-ab-").trim())
                .isEqualTo("{\"id\":\"1\",\"first_token_ms\":1.500000,\"end_ms\":4.000000}");
        assertThat(delays.jsonLines(null).lines()).hasSize(2);
    }

    @Test
    void theOldestRequestsGo_beyondTheCapacity() {
        RequestDelays delays = new RequestDelays(new DispatchLateness());
        for (int i = 0; i <= RequestDelays.CAPACITY; i++) {
            delays.record("r-" + i, 0, 0);
        }
        String kept = delays.jsonLines("r-");
        assertThat(kept.lines()).hasSize(RequestDelays.CAPACITY);
        assertThat(kept).doesNotContain("\"id\":\"0\",").contains("\"id\":\"" + RequestDelays.CAPACITY + "\"");
    }

    @Test
    void theEnginesStalls_areReadFromItsCounter() {
        DispatchLateness lateness = new DispatchLateness();
        RequestDelays delays = new RequestDelays(lateness);
        long before = delays.stalledNanos();
        lateness.recordStallNanos(30_000_000);
        assertThat(delays.stalledNanos() - before).isEqualTo(30_000_000);
    }
}
