package dev.infergate.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class AccuracyTableTest {
    static final AccuracyPoint POINT = new AccuracyPoint(500, 200, Duration.ofMillis(50), Duration.ofMillis(20), 2, 1, 2, Phases.SPREAD);

    static ErrorSummary summary(long p99Nanos, long failed) {
        Spread s = new Spread(1000, 120_000, p99Nanos, p99Nanos, p99Nanos);
        return new ErrorSummary(1000, failed, 0, 0, 200_000, 24_987.4, s, s, s, s, s);
    }

    @Test
    void row_printsMillisecondsWithThreeDecimals_andTheVerdict() {
        String table = AccuracyTable.render(List.of(new AccuracyBench.Result(POINT, summary(850_000, 0), 1.234, java.util.Map.of(), 10, null)));
        assertThat(table.lines().toList()).hasSize(3);
        assertThat(table.lines().toList().get(0)).isEqualTo(AccuracyTable.HEADER);
        assertThat(table.lines().toList().get(1)).isEqualTo(
                "    500  20.000     25000     24987  1.23 |    0.120    0.850    0.850 |    0.850    0.850 |    0.120    0.850    0.850 | ok");
    }

    @Test
    void verdict_saysWhatIsWrong() {
        assertThat(AccuracyTable.verdict(summary(1_000_001, 0))).isEqualTo("over 1 ms, server late too: CPU-starved?");
        Spread small = new Spread(10, 0, 10, 10, 10);
        Spread big = new Spread(10, 0, 2_000_000, 2_000_000, 2_000_000);
        assertThat(AccuracyTable.verdict(new ErrorSummary(10, 0, 0, 0, 10, 1, big, small, small, small, small))).isEqualTo("over 1 ms");
        assertThat(AccuracyTable.verdict(summary(10, 2))).isEqualTo("failed 2, no truth 0, mismatched 0");
        assertThat(AccuracyTable.verdict(new ErrorSummary(0, 0, 0, 0, 0, 0, Spread.EMPTY, Spread.EMPTY, Spread.EMPTY, Spread.EMPTY, Spread.EMPTY)))
                .isEqualTo("nothing compared");
    }

    @Test
    void offeredRate_isStreamsOverItl() {
        assertThat(POINT.offeredEventsPerSecond()).isEqualTo(25_000.0);
    }
}
