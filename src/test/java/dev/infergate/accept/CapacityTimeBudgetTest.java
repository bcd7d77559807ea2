package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The capacity step's time budget on a fake clock: what it predicts a probe takes, and when it lets one start. */
class CapacityTimeBudgetTest {
    private static final long S = 1_000_000_000L;
    private final AtomicLong now = new AtomicLong(1_000 * S);

    /** Runs one probe of {@code side} taking {@code wallS} seconds on the fake clock. */
    private void probe(CapacityTimeBudget budget, String side, long wallS, long warmupS, long measuredS) {
        long started = budget.starting();
        now.addAndGet(wallS * S);
        budget.ran(side, started, Duration.ofSeconds(warmupS), Duration.ofSeconds(measuredS));
    }

    @Test
    void withoutABudget_everyProbeFits_andNoneIsPredicted() {
        CapacityTimeBudget budget = new CapacityTimeBudget(null, now::get);
        probe(budget, "baseline", 1_000_000, 2, 3);

        assertThat(budget.limited()).isFalse();
        assertThat(budget.fits("baseline", Duration.ofSeconds(2), Duration.ofDays(1))).isTrue();
    }

    @Test
    void aSidesFirstProbe_alwaysFits_forThereIsNothingToPredictItsTailFrom() {
        CapacityTimeBudget budget = new CapacityTimeBudget(Duration.ofSeconds(10), now::get);
        probe(budget, "baseline", 30, 2, 3); // already past the budget

        assertThat(budget.predictedNanos("candidate", Duration.ofSeconds(2), Duration.ofSeconds(3))).isEqualTo(-1);
        assertThat(budget.fits("candidate", Duration.ofSeconds(2), Duration.ofSeconds(3))).isTrue();
        assertThat(budget.fits("baseline", Duration.ofSeconds(2), Duration.ofSeconds(3))).isFalse();
    }

    @Test
    void aProbeIsPredictedAsItsWarmupAndMeasuredTime_plusTheMedianOfItsSidesTails() {
        CapacityTimeBudget budget = new CapacityTimeBudget(Duration.ofSeconds(100), now::get);
        probe(budget, "baseline", 10, 2, 3); // tail 5 s: an overloaded probe's backlog
        assertThat(budget.predictedNanos("baseline", Duration.ofSeconds(2), Duration.ofSeconds(9))).isEqualTo(16 * S);

        probe(budget, "baseline", 6, 2, 3); // tail 1 s
        probe(budget, "baseline", 14, 2, 9); // tail 3 s
        probe(budget, "candidate", 20, 2, 3); // another side's tail (15 s) is not this side's
        assertThat(budget.predictedNanos("baseline", Duration.ofSeconds(2), Duration.ofSeconds(9)))
                .as("the median of 5, 1 and 3 s").isEqualTo(14 * S);
        probe(budget, "baseline", 13, 2, 9); // tail 2 s: the median of four is the mean of the middle two
        assertThat(budget.predictedNanos("baseline", Duration.ofSeconds(1), Duration.ofSeconds(4))).isEqualTo(7_500_000_000L);
    }

    @Test
    void aProbeFits_onlyIfItsPredictedEndIsWithinTheBudget_countedFromTheFirstProbesStart() {
        CapacityTimeBudget budget = new CapacityTimeBudget(Duration.ofSeconds(40), now::get);
        now.addAndGet(500 * S); // time before the step's first probe does not count
        assertThat(budget.spentNanos()).isZero();
        probe(budget, "baseline", 10, 2, 3); // tail 5 s
        probe(budget, "candidate", 10, 2, 3);

        assertThat(budget.spentNanos()).isEqualTo(20 * S);
        assertThat(budget.fits("baseline", Duration.ofSeconds(2), Duration.ofSeconds(13))).as("20 + 20 = 40 s").isTrue();
        assertThat(budget.fits("baseline", Duration.ofSeconds(2), Duration.ofMillis(13_001))).isFalse();
        now.addAndGet(S);
        assertThat(budget.fits("baseline", Duration.ofSeconds(2), Duration.ofSeconds(13))).isFalse();
    }
}
