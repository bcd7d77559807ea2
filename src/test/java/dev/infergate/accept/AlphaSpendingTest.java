package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

class AlphaSpendingTest {
    @Test
    void everyLookSpendsAnEqualShare_andAllLooksTogetherSpendAlpha() {
        AlphaSpending s = new AlphaSpending(0.05, 5);
        assertThat(s.alphaAt(1)).isEqualTo(0.01);
        assertThat(s.alphaAt(5)).isEqualTo(0.01);
        assertThat(s.confidenceAt(3)).isEqualTo(0.99);
        assertThat(s.spentBy(5)).isCloseTo(0.05, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(s.spentBy(2)).isCloseTo(0.02, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void resamples_resolveTheTailsOfTheStricterIntervals() {
        assertThat(new AlphaSpending(0.05, 5).resamplesAt(1)).isEqualTo(2000);
        assertThat(new AlphaSpending(0.05, 10).resamplesAt(1)).isEqualTo(4000);
    }

    @Test
    void badValues_areRefusedNamingThem() {
        assertThatThrownBy(() -> new AlphaSpending(0, 5)).hasMessageContaining("alpha (0.0)");
        assertThatThrownBy(() -> new AlphaSpending(0.05, 0)).hasMessageContaining("maxLooks (0)");
        assertThatThrownBy(() -> new AlphaSpending(0.05, 3).alphaAt(4)).hasMessageContaining("look (4)");
    }

    /**
     * With no real difference, a criterion "the mean is 0" looked at six times as data grows: 95 % intervals at
     * every look call a difference far more often than 5 % of the time (the peeking problem); the spent intervals
     * stay under 5 %. Normal intervals on seeded data: the rule, not the bootstrap, is under test.
     */
    @Test
    void sixLooksAtTheSpentConfidence_holdTheErrorRate_whereNaive95PercentLooksDoNot() {
        AlphaSpending s = new AlphaSpending(0.05, 6);
        double naive = falseDecisions(0.95, s.maxLooks());
        double spent = falseDecisions(s.confidenceAt(1), s.maxLooks());
        assertThat(naive).as("peeking at 95 %% six times").isGreaterThan(0.10);
        assertThat(spent).as("Bonferroni over six looks").isLessThanOrEqualTo(0.05).isGreaterThan(0.01);
    }

    private static double falseDecisions(double confidence, int looks) {
        double z = NormalDistribution.of(0, 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        SplittableRandom random = new SplittableRandom(42);
        int trials = 4000;
        int perLook = 50;
        int wrong = 0;
        for (int t = 0; t < trials; t++) {
            double sum = 0;
            int n = 0;
            for (int look = 1; look <= looks; look++) {
                for (int i = 0; i < perLook; i++) {
                    sum += gaussian(random);
                    n++;
                }
                if (Math.abs(sum / n) > z / Math.sqrt(n)) {
                    wrong++;
                    break;
                }
            }
        }
        return wrong / (double) trials;
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
