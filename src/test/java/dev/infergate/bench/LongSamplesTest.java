package dev.infergate.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LongSamplesTest {

    @Test
    void spread_usesNearestRankOnTheAbsoluteValueForTheTail_andTheSignedMedian() {
        LongSamples s = new LongSamples();
        for (int i = 1; i <= 1000; i++) {
            s.add(i % 2 == 0 ? i : -i); // -1, 2, -3, 4, ...
        }
        Spread spread = s.spread();
        assertThat(spread.count()).isEqualTo(1000);
        assertThat(spread.p99AbsNanos()).isEqualTo(990);
        assertThat(spread.p999AbsNanos()).isEqualTo(999);
        assertThat(spread.maxAbsNanos()).isEqualTo(1000);
        // sorted signed values: -999, -997, ..., -1, 2, 4, ..., 1000; the 500th is -1
        assertThat(spread.medianNanos()).isEqualTo(-1);
    }

    @Test
    void spread_ofNothingIsEmpty_andOfOneValueIsThatValue() {
        assertThat(new LongSamples().spread()).isEqualTo(Spread.EMPTY);
        LongSamples one = new LongSamples();
        one.add(-7);
        assertThat(one.spread()).isEqualTo(new Spread(1, -7, 7, 7, 7));
    }

    @Test
    void rank_isCeilingOfTheShareMinusOne_clampedToTheSamples() {
        assertThat(LongSamples.rank(50, 4)).isEqualTo(1);
        assertThat(LongSamples.rank(99, 100)).isEqualTo(98);
        assertThat(LongSamples.rank(99, 101)).isEqualTo(99);
        assertThat(LongSamples.rank(0, 5)).isZero();
        assertThat(LongSamples.rank(100, 5)).isEqualTo(4);
    }

    @Test
    void samples_growPastTheirFirstArray() {
        LongSamples s = new LongSamples();
        for (int i = 0; i < 5000; i++) {
            s.add(i);
        }
        assertThat(s.count()).isEqualTo(5000);
        assertThat(s.spread().maxAbsNanos()).isEqualTo(4999);
    }

    @Test
    void spread_rejectsATailThatIsNotOrdered() {
        assertThatThrownBy(() -> new Spread(3, 0, 10, 5, 20)).hasMessageContaining("p99 10, p99.9 5");
    }
}
