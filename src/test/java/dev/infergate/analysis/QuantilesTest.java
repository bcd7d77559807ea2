package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class QuantilesTest {

    @Test
    void theValueAtAPercentile_isTheNearestRank_aValueSomeRequestHad() {
        double[] v = {10, 20, 30, 40};
        assertThat(Quantiles.ofSorted(v, 0)).isEqualTo(10);
        assertThat(Quantiles.ofSorted(v, 25)).isEqualTo(10);
        assertThat(Quantiles.ofSorted(v, 25.1)).isEqualTo(20);
        assertThat(Quantiles.ofSorted(v, 50)).isEqualTo(20); // the lower median, never 25
        assertThat(Quantiles.ofSorted(v, 95)).isEqualTo(40);
        assertThat(Quantiles.ofSorted(v, 100)).isEqualTo(40);
    }

    @Test
    void p95OfTwentyValues_isTheNineteenth_notOneTooHighFromRounding() {
        double[] v = new double[20];
        Arrays.setAll(v, i -> i + 1);
        assertThat(Quantiles.ofSorted(v, 95)).isEqualTo(19); // 0.95 * 20 = 19.000000000000004 without the ulp down
        assertThat(Quantiles.ofSorted(v, 99)).isEqualTo(20);
    }

    @Test
    void noValues_haveNoPercentile_andOnlyTheFirstNCount() {
        assertThat(Quantiles.ofSorted(new double[0], 50)).isNaN();
        assertThat(Quantiles.ofSorted(new double[] {1, 2, 99}, 2, 100)).isEqualTo(2);
        assertThat(Quantiles.of(new double[] {3, 1, 2}, 50)).isEqualTo(2);
    }

    @Test
    void aPercentileOutside0To100_isRejectedNamingIt() {
        assertThatThrownBy(() -> Quantiles.ofSorted(new double[] {1}, 101))
                .hasMessage("percentile (101.0) must be between 0 and 100");
        assertThatThrownBy(() -> Quantiles.ofSorted(new double[] {1}, Double.NaN))
                .hasMessageContaining("percentile (NaN)");
    }

    /**
     * summary.json's percentiles come from HdrHistogram; on values it holds exactly (below 2,048 at 3 significant
     * digits) the two definitions give the same value at every percentile a figure prints and at any other.
     */
    @Property(tries = 300)
    void onValuesAHistogramHoldsExactly_itAgreesWithSummaryJsonsHdrHistogram(
            @ForAll @Size(min = 1, max = 300) List<@IntRange(min = 1, max = 2047) Integer> values,
            @ForAll @IntRange(min = 0, max = 1000) int perMille) {
        Histogram h = new Histogram(1, 3_600_000_000L, 3);
        double[] sorted = new double[values.size()];
        for (int i = 0; i < sorted.length; i++) {
            h.recordValue(values.get(i));
            sorted[i] = values.get(i);
        }
        Arrays.sort(sorted);
        for (double p : new double[] {perMille / 10.0, 50, 90, 95, 99, 99.9}) {
            assertThat(Quantiles.ofSorted(sorted, p)).as("p%s of %s", p, values).isEqualTo((double) h.getValueAtPercentile(p));
        }
    }
}
