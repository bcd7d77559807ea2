package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.client.Cancellations;
import org.junit.jupiter.api.Test;

/** A plan's {@code cancel} block: user cancellations on both sides, chosen by the plan's seed. */
class PlanCancelTest {
    private static final String SIDES = "baseline: http://127.0.0.1:8000/v1\ncandidate: http://127.0.0.1:8001/v1\n";

    @Test
    void cancelBlock_becomesTheSidesCancellations_withThePlansSeed() {
        AcceptPlan plan = PlanReader.read("plan.yaml", SIDES + "seed: 9\ncancel: {rate: 0.25, after: 40tok}\n");
        assertThat(plan.timeouts().cancellations()).isEqualTo(new Cancellations(0.25, new Cancellations.AfterTokens(40), 9));
        assertThat(PlanReader.read("plan.yaml", SIDES).timeouts().cancellations()).isEqualTo(Cancellations.NONE);
    }

    @Test
    void aBadCancelBlock_namesItsLineAndKey() {
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", SIDES + "cancel: {rate: 0.25}\n"))
                .hasMessageContaining("plan.yaml line 3").hasMessageContaining("needs both rate");
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", SIDES + "cancel: {rate: 2, after: 2s}\n"))
                .hasMessageContaining("cancel.rate").hasMessageContaining("between 0 and 1");
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", SIDES + "cancel: {rate: 0.2, after: soon}\n"))
                .hasMessageContaining("cancel.after").hasMessageContaining("40tok");
    }
}
