package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ItlGapsTest {
    private final ItlCodec codec = new ItlCodec();

    @Test
    void readingPairs_givesExactlyTheCountsOfMergingTheDecodedHistogram_forRandomGaps() {
        Random random = new Random(17);
        ItlGaps gaps = new ItlGaps();
        for (int run = 0; run < 500; run++) {
            int n = 1 + random.nextInt(run % 10 == 0 ? 3000 : 40);
            int[] micros = new int[n];
            int scale = 1 << (1 + random.nextInt(30));
            for (int i = 0; i < n; i++) {
                micros[i] = random.nextInt(scale);
            }
            String encoded = codec.encode(micros, n);
            Histogram decoded = ItlCodec.decode(encoded);
            Histogram merged = ItlCodec.newHistogram();
            merged.add(decoded);

            assertThat(gaps.read(encoded)).isTrue();
            Histogram fromPairs = ItlCodec.newHistogram();
            for (int i = 0; i < gaps.size(); i++) {
                fromPairs.recordValueWithCount(gaps.valueAt(i), gaps.countAt(i));
            }
            assertThat(fromPairs).as("run %d", run).isEqualTo(merged);
            assertThat(gaps.toHistogram()).isEqualTo(merged);
            assertThat(gaps.totalCount()).isEqualTo(n);
            for (long threshold : new long[] {1, 2, 1000, 2049, 50_000, random.nextInt(scale) + 1L}) {
                assertThat(gaps.countBelow(threshold)).as("below %d", threshold)
                        .isEqualTo(decoded.getCountBetweenValues(0, threshold - 1));
            }
        }
    }

    @Test
    void theEncodingItlCodecWrites_isReadWithoutDecodingAHistogram() {
        ItlGaps gaps = new ItlGaps();
        assertThat(gaps.readFast(Base64.getDecoder().decode(codec.encode(new int[] {100, 20_000, 3}, 3)))).isTrue();
        assertThat(gaps.size()).isEqualTo(3);
    }

    @Test
    void aHistogramOfAnotherPrecision_readsToTheSameCounts() {
        Histogram coarse = new Histogram(1, 1L << 20, 2);
        coarse.recordValue(5);
        coarse.recordValueWithCount(123_456, 3);
        ItlGaps gaps = new ItlGaps();
        gaps.read(codec.encode(coarse));
        Histogram expected = new Histogram(1, 1L << 20, 2);
        for (int i = 0; i < gaps.size(); i++) {
            expected.recordValueWithCount(gaps.valueAt(i), gaps.countAt(i));
        }
        assertThat(expected).isEqualTo(coarse);
        assertThat(gaps.totalCount()).isEqualTo(4);
    }

    @Test
    void noHistogram_isNoGaps_andACorruptOne_saysSo() {
        ItlGaps gaps = new ItlGaps();
        gaps.read(codec.encode(new int[] {10, 20}, 2));
        assertThat(gaps.read(null)).isFalse();
        assertThat(gaps.size()).isZero();
        assertThat(gaps.totalCount()).isZero();
        assertThatThrownBy(() -> gaps.read("not base64 at all!")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("itl histogram is corrupt");
        assertThatThrownBy(() -> gaps.read("AAAAAAAAAAA=")).isInstanceOf(IllegalArgumentException.class);
    }
}
