package dev.infergate.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OutputPlanTest {
    @Test
    void ignoreEos_generatesExactlyMaxTokens() {
        assertThat(OutputPlan.decide(100, 0, true, 7)).isEqualTo(new OutputPlan(100, FinishReason.LENGTH));
    }

    @Test
    void withoutIgnoreEos_stopsAtTheNaturalLength() {
        assertThat(OutputPlan.decide(100, 0, false, 7)).isEqualTo(new OutputPlan(7, FinishReason.STOP));
    }

    @Test
    void minTokens_postponesTheNaturalStop() {
        assertThat(OutputPlan.decide(100, 40, false, 7)).isEqualTo(new OutputPlan(40, FinishReason.STOP));
    }

    @Test
    void maxTokens_cutsALongNaturalAnswer() {
        assertThat(OutputPlan.decide(10, 0, false, 70)).isEqualTo(new OutputPlan(10, FinishReason.LENGTH));
    }
}
