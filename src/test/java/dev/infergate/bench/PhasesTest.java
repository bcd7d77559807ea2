package dev.infergate.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LongSummaryStatistics;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class PhasesTest {
    private static final long ITL = 50_000_000;

    @Test
    void aligned_keepsEveryRequestInStep() {
        assertThat(LongStream.range(0, 100).map(id -> Phases.ALIGNED.offsetNanos(id, ITL)).distinct()).containsExactly(0L);
        assertThat(LongStream.range(0, 100).map(id -> Phases.ALIGNED.tokens(id, 100)).distinct()).containsExactly(100L);
    }

    @Test
    void spread_fillsTheItlEvenly() {
        int n = 500;
        int[] perTenth = new int[10];
        for (long id = 0; id < n; id++) {
            long offset = Phases.SPREAD.offsetNanos(id, ITL);
            assertThat(offset).isBetween(0L, ITL - 1);
            perTenth[(int) (offset * 10 / ITL)]++;
        }
        // a low-discrepancy sequence: every tenth of the ITL holds 50 +- 2 of 500 streams
        for (int c : perTenth) {
            assertThat(c).isBetween(48, 52);
        }
    }

    @Test
    void spread_lengthsVaryAroundTheAskedMean() {
        LongSummaryStatistics s = LongStream.range(0, 1000).map(id -> Phases.SPREAD.tokens(id, 100)).summaryStatistics();
        assertThat(s.getMin()).isGreaterThanOrEqualTo(75);
        assertThat(s.getMax()).isLessThanOrEqualTo(125);
        assertThat(s.getAverage()).isBetween(99.0, 101.0);
        assertThat(Phases.SPREAD.tokens(7, 1)).isEqualTo(1);
    }
}
