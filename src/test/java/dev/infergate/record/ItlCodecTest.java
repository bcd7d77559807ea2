package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ItlCodecTest {

    @Test
    void roundTripKeepsEveryGapToThreeSignificantDigits() {
        int[] gaps = {1, 0, 999, 1_000, 20_000, 20_017, 123_456, 7};
        Histogram decoded = ItlCodec.decode(new ItlCodec().encode(gaps, gaps.length));

        assertThat(decoded.getTotalCount()).isEqualTo(gaps.length);
        assertThat(decoded.getMinValue()).as("gaps under 1 us count as 1 us").isEqualTo(1);
        assertThat(decoded.getMaxValue()).isEqualTo(decoded.highestEquivalentValue(123_456));
        assertThat(decoded.getCountAtValue(20_000)).isEqualTo(1);
        assertThat(decoded.getValueAtPercentile(50)).isEqualTo(decoded.highestEquivalentValue(999));
    }

    @Test
    void encodedRangeFitsTheLongestGapSoDecodingStaysSmall() {
        int[] gaps = {20_000, 50_000, 100_000};
        Histogram decoded = ItlCodec.decode(new ItlCodec().encode(gaps, gaps.length));
        Histogram hourRange = ItlCodec.newHistogram();

        assertThat(decoded.getHighestTrackableValue()).isGreaterThanOrEqualTo(100_000).isLessThan(1_000_000);
        assertThat(decoded.getEstimatedFootprintInBytes()).isLessThan(hourRange.getEstimatedFootprintInBytes() / 2);
    }

    @Test
    void aLaterShortRequestIsNotWidenedByAnEarlierLongOne() {
        ItlCodec codec = new ItlCodec();
        codec.encode(new int[] {3_000_000}, 1);
        Histogram later = ItlCodec.decode(codec.encode(new int[] {500, 600}, 2));

        assertThat(later.getHighestTrackableValue()).isLessThan(100_000);
    }

    @Test
    void eachEncodingHoldsOnlyItsOwnGaps() {
        ItlCodec codec = new ItlCodec();
        String first = codec.encode(new int[] {100, 200, 300}, 3);
        Histogram second = ItlCodec.decode(codec.encode(new int[] {150, 250}, 2));

        assertThat(second.getTotalCount()).isEqualTo(2);
        assertThat(codec.encode(new int[] {100, 200, 300}, 3)).isEqualTo(first);
    }

    @Test
    void gapsBeyondAnHourAreClampedAndStillCounted() {
        Histogram decoded = ItlCodec.decode(new ItlCodec().encode(new int[] {Integer.MAX_VALUE, 5}, 2));
        assertThat(decoded.getTotalCount()).isEqualTo(2);
        assertThat(decoded.getMaxValue()).isLessThanOrEqualTo(decoded.highestEquivalentValue(ItlCodec.HIGHEST_TRACKABLE_MICROS));
    }

    @Test
    void recordsWrittenWithTheFullHourRangeStillDecodeToTheSameValues() {
        Histogram old = ItlCodec.newHistogram();
        int[] gaps = {150, 20_000, 20_500, 99_999};
        for (int g : gaps) {
            old.recordValue(g);
        }
        Histogram fromOld = ItlCodec.decode(new ItlCodec().encode(old));
        Histogram fromNew = ItlCodec.decode(new ItlCodec().encode(gaps, gaps.length));

        for (double p : new double[] {0, 25, 50, 75, 100}) {
            assertThat(fromNew.getValueAtPercentile(p)).as("p%s", p).isEqualTo(fromOld.getValueAtPercentile(p));
        }
    }

    @Test
    void noGapsEncodeToNothingAndCorruptTextIsAClearError() {
        assertThat(new ItlCodec().encode(new int[0], 0)).isNull();
        assertThatThrownBy(() -> ItlCodec.decode("not-a-histogram")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("itl histogram is corrupt");
    }
}
