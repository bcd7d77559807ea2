package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ConstantRateScheduleTest {

    @Test
    void gaps_areExactlyOneOverRate() {
        long[] offsets = ScheduleSamples.offsets(new ConstantRateSchedule(4), 1000);
        for (int i = 0; i < offsets.length; i++) {
            assertThat(offsets[i]).isEqualTo(i * 250_000_000L);
        }
    }

    @Test
    void offsets_doNotDriftWhenTheGapIsNotAWholeNumberOfNanos() {
        long[] offsets = ScheduleSamples.offsets(new ConstantRateSchedule(3), 3_000_001);
        assertThat(offsets[3]).isEqualTo(1_000_000_000L);
        assertThat(offsets[3_000_000]).isEqualTo(1_000_000_000_000_000L);
        assertThat(offsets[1]).isEqualTo(333_333_333L);
        assertThat(offsets[2]).isEqualTo(666_666_667L);
    }

    @Test
    void offsets_restartFromZeroOnEveryCall() {
        ConstantRateSchedule schedule = new ConstantRateSchedule(10);
        schedule.offsets().nextLong();
        assertThat(schedule.offsets().nextLong()).isZero();
    }

    @Test
    void rate_mustBePositive() {
        assertThatThrownBy(() -> new ConstantRateSchedule(0))
                .hasMessage("ratePerSecond (0.0) must be > 0 and finite");
        assertThatThrownBy(() -> new ConstantRateSchedule(Double.NaN))
                .hasMessage("ratePerSecond (NaN) must be > 0 and finite");
    }
}
