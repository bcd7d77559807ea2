package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ItlEncoderTest {
    @Test
    void theDirectEncoding_isByteForByteWhatHdrHistogramWrites_forRandomGaps() {
        ItlCodec codec = new ItlCodec();
        Random random = new Random(42);
        for (int run = 0; run < 1000; run++) {
            int n = 1 + random.nextInt(run % 10 == 0 ? 5000 : 40);
            int[] gaps = new int[n];
            int scale = 1 << (1 + random.nextInt(30));
            for (int i = 0; i < n; i++) {
                gaps[i] = run % 7 == 0 ? random.nextInt(3) : random.nextInt(scale);
            }
            assertThat(codec.encode(gaps, n)).as("run %d", run).isEqualTo(codec.encodeThroughHistogram(gaps, n));
        }
    }

    @Test
    void extremeGaps_clampedToOneMicrosecondAndOneHour_encodeAlike() {
        ItlCodec codec = new ItlCodec();
        int[] gaps = {0, -5, 1, Integer.MAX_VALUE, 2047, 2048, 2049, 1_000_000};
        assertThat(codec.encode(gaps, gaps.length)).isEqualTo(codec.encodeThroughHistogram(gaps, gaps.length));
        assertThat(ItlCodec.decode(codec.encode(gaps, gaps.length)).getTotalCount()).isEqualTo(gaps.length);
    }
}
