package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.load.ExactCountSchedule;
import java.time.Duration;
import java.util.Arrays;
import java.util.stream.LongStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * A probe's arrivals: the same for both sides at one rate (and for a rerun's attempt, the same on each side), but
 * independent between one side's probes at neighbouring rates, as the capacity fit takes its probes.
 */
class CapacityProbeSeedTest {
    @Test
    void bothSidesAtOneRate_drawTheSameArrivals() {
        assertThat(arrivals(CapacityProbes.probeSeed(0, 22.4, 0), 22.4))
                .containsExactly(arrivals(CapacityProbes.probeSeed(0, 22.4, 0), 22.4));
        assertThat(CapacityProbes.probeSeed(0, 22.4, 1)).isNotEqualTo(CapacityProbes.probeSeed(0, 22.4, 0));
    }

    /**
     * With the plan's seed alone, probes at 22.4 and 22.7 req/s shared their first 224 arrival times: one burst near the
     * answer hit both. Now their arrivals in the measured window's first half barely coincide.
     */
    @Test
    void neighbouringRates_drawIndependentArrivals() {
        long[] a = arrivals(CapacityProbes.probeSeed(0, 22.4, 0), 22.4);
        long[] b = arrivals(CapacityProbes.probeSeed(0, 22.68, 0), 22.68);
        long[] sameSeedA = arrivals(7, 22.4);
        long[] sameSeedB = arrivals(7, 22.68);

        assertThat(commonWithin(sameSeedA, sameSeedB)).as("one seed at both rates: the same pattern").isGreaterThan(200);
        assertThat(commonWithin(a, b)).as("arrivals within 1 ms of one at the other rate").isLessThan(20);
    }

    private static long[] arrivals(long seed, double rate) {
        ExactCountSchedule s = ExactCountSchedule.over(rate, seed, Duration.ofSeconds(10));
        Iterable<Long> it = s::offsets;
        return StreamSupport.stream(it.spliterator(), false).mapToLong(Long::longValue).toArray();
    }

    private static long commonWithin(long[] a, long[] b) {
        return Arrays.stream(a).filter(t -> LongStream.of(b).anyMatch(u -> Math.abs(u - t) < 1_000_000)).count();
    }
}
