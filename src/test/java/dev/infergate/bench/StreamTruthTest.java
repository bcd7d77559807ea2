package dev.infergate.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StreamTruthTest {

    @Test
    void line_roundTripsEveryField() {
        StreamTruth t = new StreamTruth(42, 123_456_789_000L, 50_000_000, 20_000_000,
                new long[] {123_506_800_000L, 123_526_790_000L, 123_546_811_000L});
        assertThat(t.toLine()).isEqualTo("42 123456789000 50000000 20000000 123506800000 19990000 20021000");
        assertThat(StreamTruth.parse(t.toLine())).isEqualTo(t);
    }

    @Test
    void line_withoutEvents_roundTrips() {
        StreamTruth t = new StreamTruth(0, 5, 0, 0, new long[0]);
        assertThat(StreamTruth.parse(t.toLine())).isEqualTo(t);
    }

    @Test
    void intendedTime_isReceiptPlusTtftPlusKGaps() {
        StreamTruth t = new StreamTruth(1, 1000, 300, 20, new long[3]);
        assertThat(t.intendedNanos(0)).isEqualTo(1300);
        assertThat(t.intendedNanos(2)).isEqualTo(1340);
    }

    @Test
    void parse_namesTheLineItCannotRead() {
        assertThatThrownBy(() -> StreamTruth.parse("1 2 x 4")).hasMessageContaining("1 2 x 4");
        assertThatThrownBy(() -> StreamTruth.parse("1 2")).hasMessageContaining("want id received ttft itl");
    }
}
