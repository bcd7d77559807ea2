package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class PiecewiseScheduleTest {
    private static final long SECOND = 1_000_000_000L;

    private static PiecewiseSchedule.Segment seg(int seconds, double rate, ArrivalKind kind) {
        return new PiecewiseSchedule.Segment(Duration.ofSeconds(seconds), rate, kind);
    }

    private static long[] all(ArrivalSchedule schedule) {
        LongStream.Builder out = LongStream.builder();
        PrimitiveIterator.OfLong it = schedule.offsets();
        while (it.hasNext()) {
            out.add(it.nextLong());
        }
        return out.build().toArray();
    }

    private static long countIn(long[] offsets, long fromNanos, long toNanos) {
        return LongStream.of(offsets).filter(o -> o >= fromNanos && o < toNanos).count();
    }

    @Test
    void stepUpAndBack_holdsEachSegmentsRateWithinItsBounds() {
        PiecewiseSchedule schedule = new PiecewiseSchedule(List.of(
                seg(10, 2, ArrivalKind.CONSTANT), seg(5, 10, ArrivalKind.CONSTANT), seg(10, 3, ArrivalKind.CONSTANT)), 1);
        long[] offsets = all(schedule);
        assertThat(offsets).hasSize(20 + 50 + 30).isSorted();
        assertThat(countIn(offsets, 0, 10 * SECOND)).isEqualTo(20);
        assertThat(countIn(offsets, 10 * SECOND, 15 * SECOND)).isEqualTo(50);
        assertThat(countIn(offsets, 15 * SECOND, 25 * SECOND)).isEqualTo(30);
        assertThat(offsets[19]).isEqualTo(9_500_000_000L);
        assertThat(offsets[20]).isEqualTo(10 * SECOND);
        assertThat(offsets[21] - offsets[20]).isEqualTo(100_000_000L);
        assertThat(offsets[70]).isEqualTo(15 * SECOND);
        assertThat(offsets[99]).isLessThan(25 * SECOND);
        assertThat(schedule.durationNanos()).isEqualTo(25 * SECOND);
    }

    @Test
    void poissonBurst_countsMatchRateTimesDuration() {
        // Counts are Poisson: sd = sqrt(mean). Bounds are 4 sd; a burst at 4x instead of 5x would fail them.
        PiecewiseSchedule schedule = new PiecewiseSchedule(List.of(
                seg(100, 20, ArrivalKind.POISSON), seg(50, 100, ArrivalKind.POISSON), seg(100, 20, ArrivalKind.POISSON)), 5);
        long[] offsets = all(schedule);
        assertThat(countIn(offsets, 0, 100 * SECOND)).isBetween(2000L - 179, 2000L + 179);
        assertThat(countIn(offsets, 100 * SECOND, 150 * SECOND)).isBetween(5000L - 283, 5000L + 283);
        assertThat(countIn(offsets, 150 * SECOND, 250 * SECOND)).isBetween(2000L - 179, 2000L + 179);
        assertThat(offsets[offsets.length - 1]).isLessThan(250 * SECOND);
    }

    @Test
    void idleSegment_hasNoArrivals_andOffsetsContinueAfterIt() {
        long[] offsets = all(new PiecewiseSchedule(List.of(
                seg(1, 2, ArrivalKind.CONSTANT), seg(3, 0, ArrivalKind.POISSON), seg(1, 2, ArrivalKind.CONSTANT)), 1));
        assertThat(offsets).containsExactly(0, SECOND / 2, 4 * SECOND, 4 * SECOND + SECOND / 2);
    }

    @Test
    void changingOneSegment_doesNotMoveAnotherSegmentsArrivals() {
        long[] a = all(new PiecewiseSchedule(List.of(seg(10, 5, ArrivalKind.POISSON), seg(10, 5, ArrivalKind.POISSON)), 3));
        long[] b = all(new PiecewiseSchedule(List.of(seg(10, 9, ArrivalKind.POISSON), seg(10, 5, ArrivalKind.POISSON)), 3));
        assertThat(LongStream.of(a).filter(o -> o >= 10 * SECOND).toArray())
                .isEqualTo(LongStream.of(b).filter(o -> o >= 10 * SECOND).toArray());
    }

    @Test
    void segments_areValidated() {
        assertThatThrownBy(() -> new PiecewiseSchedule(List.of(), 1))
                .hasMessage("segments must hold at least one segment");
        assertThatThrownBy(() -> seg(0, 1, ArrivalKind.CONSTANT)).hasMessage("segment duration (PT0S) must be > 0");
        assertThatThrownBy(() -> seg(1, -1, ArrivalKind.CONSTANT))
                .hasMessage("segment ratePerSecond (-1.0) must be >= 0 and finite");
    }
}
