package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.accept.AcceptPlan;
import dev.infergate.client.Cancellations;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code capacity --cancel-rate/--cancel-after} reach the capacity step's plan, chosen by its seed. */
class CapacityCancellationsTest {
    @Test
    void cancelOptions_becomeThePlansCancelBlock_withTheCapacitySeed() {
        CapacityCommand cmd = new CapacityCommand();
        Converters.registered(new CommandLine(cmd)).parseArgs("--base-url", "http://127.0.0.1:19400/v1", "--seed", "7", "--cancel-rate", "0.3",
                "--cancel-after", "1.5s");
        AcceptPlan plan = cmd.plan(cmd.endpoint.endpoint());
        assertThat(plan.timeouts().cancellations())
                .isEqualTo(new Cancellations(0.3, new Cancellations.AfterTime(Duration.ofMillis(1500)), 7));
    }

    @Test
    void withoutCancelOptions_nobodyCancels() {
        CapacityCommand cmd = new CapacityCommand();
        Converters.registered(new CommandLine(cmd)).parseArgs("--base-url", "http://127.0.0.1:19400/v1");
        assertThat(cmd.plan(cmd.endpoint.endpoint()).timeouts().cancellations()).isEqualTo(Cancellations.NONE);
    }
}
