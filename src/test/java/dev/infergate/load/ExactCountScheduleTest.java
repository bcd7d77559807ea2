package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.record.LoadDescription;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.PrimitiveIterator;
import org.apache.commons.statistics.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;

class ExactCountScheduleTest {

    @Test
    void everySeed_offersTheNominalCountInEachWindow() {
        // A plain Poisson draw of 37.5 expected arrivals in 75 s at 0.5 req/s ranges over about 26-50 across seeds;
        // conditioned on its count, every seed offers 38 (37.5 rounded) in the measured window and 2 in the warm-up.
        for (long seed = 0; seed < 50; seed++) {
            List<Long> offsets = all(ExactCountSchedule.over(0.5, seed, Duration.ofSeconds(3), Duration.ofSeconds(75)));
            long warmup = offsets.stream().filter(o -> o < 3_000_000_000L).count();
            assertThat(warmup).isEqualTo(2);
            assertThat(offsets.size() - warmup).isEqualTo(38);
            assertThat(offsets).isSorted().allMatch(o -> o >= 0 && o < 78_000_000_000L);
        }
    }

    @Test
    void sameSeed_sameOffsets_otherSeed_otherOffsets() {
        ExactCountSchedule a = ExactCountSchedule.over(8, 7, Duration.ofSeconds(10));
        assertThat(all(a)).isEqualTo(all(ExactCountSchedule.over(8, 7, Duration.ofSeconds(10))));
        assertThat(all(a)).isNotEqualTo(all(ExactCountSchedule.over(8, 8, Duration.ofSeconds(10))));
    }

    @Test
    void withinAWindow_arrivalsAreUniform_asAPoissonProcessGivenItsCount() {
        long window = 1_000_000_000_000L;
        double[] seconds = all(new ExactCountSchedule(2.0, List.of(window), 3)).stream().mapToDouble(o -> o / 1e9).toArray();
        assertThat(seconds).hasSize(2000);
        double p = KolmogorovSmirnovTest.withDefaults().test(seconds, x -> Math.min(1, Math.max(0, x / 1000.0))).getPValue();
        assertThat(p).isGreaterThan(0.01);
        // and a clumped placement would be caught: all of them in the first half
        double[] firstHalf = java.util.Arrays.stream(seconds).map(x -> x / 2).toArray();
        assertThat(KolmogorovSmirnovTest.withDefaults().test(firstHalf, x -> Math.min(1, Math.max(0, x / 1000.0))).getPValue())
                .isLessThan(0.01);
    }

    @Test
    void describesItselfAsPoissonAtItsRate() {
        assertThat(ExactCountSchedule.over(4, 1, Duration.ofSeconds(2)).description())
                .isEqualTo(new LoadDescription.Steady("poisson", 4.0, null, 1L, true));
    }

    @Test
    void rejectsAnEmptyOrNonPositiveWindow() {
        assertThatThrownBy(() -> new ExactCountSchedule(1, List.of(), 0)).hasMessageContaining("at least one window");
        assertThatThrownBy(() -> new ExactCountSchedule(1, List.of(0L), 0)).hasMessageContaining("must be > 0");
        assertThatThrownBy(() -> new ExactCountSchedule(0, List.of(1L), 0)).hasMessageContaining("ratePerSecond (0.0)");
    }

    private static List<Long> all(ArrivalSchedule s) {
        List<Long> out = new ArrayList<>();
        PrimitiveIterator.OfLong it = s.offsets();
        while (it.hasNext()) {
            out.add(it.nextLong());
        }
        return out;
    }
}
