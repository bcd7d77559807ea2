package dev.infergate.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class HeapFiguresTest {

    @Test
    void slope_isBytesPerFinishedRequest_andSamplesBeforeTheFirstFinishAreLeftOut() {
        List<HeapWatch.Sample> samples = List.of(
                new HeapWatch.Sample(0, 90_000_000), // start-up: not part of the slope
                new HeapWatch.Sample(1000, 10_000_000 + 1000 * 40),
                new HeapWatch.Sample(5000, 10_000_000 + 5000 * 40),
                new HeapWatch.Sample(9000, 10_000_000 + 9000 * 40));
        HeapFigures f = HeapFigures.of(samples);
        assertThat(f.collections()).isEqualTo(4);
        assertThat(f.peakUsedAfterGcBytes()).isEqualTo(90_000_000);
        assertThat(f.bytesPerRequest()).isCloseTo(40.0, within(1e-9));
    }

    @Test
    void slope_isUndefinedWithFewerThanThreeSamples() {
        assertThat(HeapFigures.of(List.of(new HeapWatch.Sample(1, 5), new HeapWatch.Sample(2, 6))).bytesPerRequest()).isNaN();
    }
}
