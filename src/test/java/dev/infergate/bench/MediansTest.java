package dev.infergate.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class MediansTest {
    static final AccuracyPoint POINT = new AccuracyPoint(10, 5, Duration.ZERO, Duration.ofMillis(1), 1, 0, 1, Phases.SPREAD);

    static AccuracyBench.Result run(long p99, long failed, double cpu) {
        Spread s = new Spread(100, p99 / 2, p99, p99 * 2, p99 * 3);
        return new AccuracyBench.Result(POINT, new ErrorSummary(10, failed, 0, 0, 100, 1000 + p99, s, s, s, s, s), cpu, java.util.Map.of("server", cpu), 5, new GcPauses.Summary(2, Math.round(cpu * 10), 7));
    }

    @Test
    void medians_takeEachColumnOnItsOwn_andSumTheRequestsNotCompared() {
        AccuracyBench.Result m = Medians.of(List.of(run(300, 0, 0.5), run(100, 1, 1.5), run(200, 2, 1.0)));
        assertThat(m.errors().eventError().p99AbsNanos()).isEqualTo(200);
        assertThat(m.errors().eventError().maxAbsNanos()).isEqualTo(600);
        assertThat(m.errors().eventsPerSecond()).isEqualTo(1200);
        assertThat(m.errors().failed()).isEqualTo(3);
        assertThat(m.cpuCores()).isEqualTo(1.0);
        assertThat(m.cpuByGroup()).containsEntry("server", 1.0);
        assertThat(m.gc()).isEqualTo(new GcPauses.Summary(2, 10, 7)); // totals 5, 15, 10 ms: the median is 10
    }

    @Test
    void medianOfAnEvenCount_isTheLowerMiddle() {
        AccuracyBench.Result m = Medians.of(List.of(run(400, 0, 1), run(100, 0, 2)));
        assertThat(m.errors().eventError().p99AbsNanos()).isEqualTo(100);
        assertThat(m.cpuCores()).isEqualTo(1.0);
    }
}
