package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Short ramp probes offer exactly the rate they name: their measured time holds a whole number of arrivals. */
class CapacityRampTest {
    @Test
    void aShortRampProbe_holdsAWholeNumberOfArrivals_soItOffersItsRate() {
        Duration planned = Duration.ofMillis(2500);
        assertThat(CapacityProbes.rampDuration(planned, 1)).as("2.5 arrivals: 3, over 3 s").isEqualTo(Duration.ofSeconds(3));
        assertThat(CapacityProbes.rampDuration(planned, 16)).isEqualTo(planned);
        assertThat(CapacityProbes.rampDuration(planned, 0.1)).as("at least one arrival").isEqualTo(Duration.ofSeconds(10));
        for (double rate : new double[] {0.3, 1, 1.7, 2, 5.5, 21.8, 64}) {
            double seconds = CapacityProbes.rampDuration(planned, rate).toNanos() / 1e9;
            double arrivals = Math.round(rate * seconds);
            assertThat(arrivals / seconds).as("offered at %s req/s", rate).isCloseTo(rate, org.assertj.core.data.Percentage.withPercentage(0.001));
        }
    }
}
