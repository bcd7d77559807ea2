package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User cancellations change capacity: the fixed-cost simulator of {@link CapacityOnSimulatorTest} (10 ms a step,
 * 32 sequences) holds a 128-token answer's slot for 1.28 s, so it completes at most 25 requests/s. When half the
 * users press stop after 40 tokens, those requests free their slot after 0.4 s (the simulator aborts a request
 * whose client went away): a slot is held 0.84 s on average, and the bound rises to about 38 requests/s. The same
 * search, with and without the plan's {@code cancel} block, must find the higher capacity with it.
 */
class CapacityWithCancellationsOnSimulatorTest {
    @TempDir
    Path dir;

    @Test
    void halfTheUsersStoppingAt40Tokens_raisesTheCapacityTheSearchFinds() throws Exception {
        Path profile = Files.writeString(dir.resolve("fixed.yaml"), CapacityOnSimulatorTest.FIXED_COST_PROFILE);
        try (SimServer sim = SimServer.start(SimProfile.load(profile), "127.0.0.1", 0, 1)) {
            double without = capacity(sim, "");
            double with = capacity(sim, "cancel: {rate: 0.5, after: 40tok}\n");
            System.out.println("capacity on the fixed-cost simulator: " + without + " req/s, with half cancelled at 40 tok: "
                    + with + " req/s");
            assertThat(with).as("capacity with cancellations (req/s) vs %s without", without).isGreaterThan(without);
        }
    }

    private double capacity(SimServer sim, String cancel) throws Exception {
        AcceptPlan plan = CapacityOnSimulatorTest.plan(sim, """
                seed: 3
                capacity: {workload: short-chat, target: 0.9, start_rate: 16, max_rate: 48, duration: 2s, warmup: 1s,
                           tolerance: 20%, max_probes: 4}
                """ + cancel);
        Path out = dir.resolve(cancel.isEmpty() ? "without" : "with");
        CapacitySearch.Result r = Acceptance.capacity(plan, out, line -> { });
        assertThat(r.atCapacity()).as("a rate that met the SLO").isNotNull();
        return r.ratePerSecond();
    }
}
