package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.record.LoadDescription;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.PrimitiveIterator;
import org.junit.jupiter.api.Test;

class RampUpScheduleTest {
    private static List<Long> first(ArrivalSchedule s, int n) {
        List<Long> out = new ArrayList<>();
        PrimitiveIterator.OfLong it = s.offsets();
        for (int i = 0; i < n && it.hasNext(); i++) {
            out.add(it.nextLong());
        }
        return out;
    }

    @Test
    void theRateRisesLinearlyToItsTarget_thenTheBaseGapsGoOn() {
        // 10 req/s after a 2 s ramp: the ramp offers R T / 2 = 10 arrivals, request n at sqrt(2 T n / R)
        RampUpSchedule ramp = new RampUpSchedule(ArrivalSchedule.of(ArrivalKind.CONSTANT, 10, 1, 0), Duration.ofSeconds(2));
        List<Long> offsets = first(ramp, 15);
        assertThat(offsets.get(0)).isZero();
        assertThat(offsets.get(1)).isEqualTo(Math.round(Math.sqrt(2 * 2e9 * 1e8)));
        assertThat(offsets.stream().filter(t -> t < 2_000_000_000L)).hasSize(10);
        for (int n = 10; n < 14; n++) {
            assertThat(offsets.get(n + 1) - offsets.get(n)).isEqualTo(100_000_000L);
        }
        for (int n = 1; n < 10; n++) { // gaps shrink through the ramp
            assertThat(offsets.get(n + 1) - offsets.get(n)).isLessThan(offsets.get(n) - offsets.get(n - 1));
        }
        assertThat(ramp.description()).isEqualTo(new LoadDescription.RampUp(
                new LoadDescription.Steady("constant", 10.0, null, null, null), 2.0));
    }

    @Test
    void aPoissonRamp_isAPureFunctionOfItsBase_andCountsAboutHalfTheTargetOverTheRamp() {
        RampUpSchedule ramp = new RampUpSchedule(ArrivalSchedule.of(ArrivalKind.POISSON, 200, 1, 7), Duration.ofSeconds(10));
        List<Long> a = first(ramp, 3000);
        assertThat(first(ramp, 3000)).isEqualTo(a);
        long inRamp = a.stream().filter(t -> t < 10_000_000_000L).count();
        assertThat(inRamp).isBetween(900L, 1100L); // 1,000 expected, sd about 32
        long firstHalf = a.stream().filter(t -> t < 5_000_000_000L).count();
        assertThat(firstHalf).isBetween(200L, 300L); // a quarter of the ramp's arrivals: 250 expected
        assertThatThrownBy(() -> new RampUpSchedule(ramp, Duration.ZERO)).hasMessageContaining("must be > 0");
    }
}
