package dev.infergate.analysis.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SweepErrorRuleTest {
    @Test
    void everyLevelsInterval_isAtOneMinusTheFamilyErrorOverTheLevels() {
        assertThat(new SweepErrorRule(1, 0.05).confidence()).isCloseTo(0.95, within(1e-12));
        assertThat(new SweepErrorRule(3, 0.05).confidence()).isCloseTo(1 - 0.05 / 3, within(1e-12));
        assertThat(new SweepErrorRule(8, 0.05).confidence()).isCloseTo(0.99375, within(1e-12));
    }

    @Test
    void theLine_saysHowManyComparisons_theLevelsConfidence_andTheErrorHeld() {
        assertThat(new SweepErrorRule(3, 0.05).line()).isEqualTo("a sweep makes 3 comparisons (one per level): each level's"
                + " interval is at 98.33 % (Bonferroni, 5 % / 3), so the chance that any level's interval of a figure misses"
                + " stays 5 %");
    }

    /**
     * The rule's promise: for levels whose intervals miss independently, the chance that any misses is
     * 1 - (1 - familyError / levels)^levels, at most familyError for every count; at 95 % per level, 8 levels would miss
     * somewhere in a third of sweeps of identical servers.
     */
    @Test
    void anyLevelMisses_inAtMostTheFamilyError_forEveryLevelCount() {
        for (int levels = 1; levels <= SweepLevels.MOST_LEVELS; levels++) {
            SweepErrorRule rule = new SweepErrorRule(levels, 0.05);
            double anyMiss = 1 - Math.pow(rule.confidence(), levels);
            assertThat(anyMiss).as("%d levels", levels).isLessThanOrEqualTo(0.05 + 1e-12);
        }
        assertThat(1 - Math.pow(0.95, 8)).isGreaterThan(0.33);
    }

    @Test
    void noLevels_orAnErrorOutsideItsRange_isRefused() {
        assertThatThrownBy(() -> new SweepErrorRule(0, 0.05)).hasMessageContaining("levels (0) must be >= 1");
        assertThatThrownBy(() -> new SweepErrorRule(3, 0.5)).hasMessageContaining("familyError (0.5)");
    }
}
