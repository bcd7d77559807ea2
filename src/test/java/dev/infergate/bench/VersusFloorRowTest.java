package dev.infergate.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VersusFloorRowTest {
    private static VersusFloorRow row(double ttft50, double cpu, long events, double load) {
        return new VersusFloorRow(ttft50, ttft50 * 2, 0.1, 1.0, cpu, events, 1.0, 0.5, load, 10);
    }

    @Test
    void steadyCpuPerEvent_countsOnlyTheLoad_whileTheWholeProcessFigureCountsEverything() {
        VersusFloorRow r = row(1, 10, 1_000_000, 6);
        assertThat(r.microsPerEvent()).isEqualTo(10.0);
        assertThat(r.steadyMicrosPerEvent()).isEqualTo(6.0);
    }

    @Test
    void theFloorClient_hasNoPhases_soItsSteadyFigureIsItsWholeProcessOne() {
        VersusFloorRow floor = VersusFloorRow.of(FloorErrors.of(List.of(), Map.of()), 0.5, 100_000, null);
        assertThat(floor.loadSeconds()).isNaN();
        assertThat(floor.steadyMicrosPerEvent()).isEqualTo(5.0);
    }

    @Test
    void theMedianOfRepeats_isTakenColumnByColumn() {
        VersusFloorRow m = VersusFloorRow.median(List.of(row(3, 9, 300, 7), row(1, 11, 100, 5), row(2, 10, 200, 9)));
        assertThat(m.ttftP50Ms()).isEqualTo(2.0);
        assertThat(m.ttftP99Ms()).isEqualTo(4.0);
        assertThat(m.cpuSeconds()).isEqualTo(10.0);
        assertThat(m.events()).isEqualTo(200);
        assertThat(m.loadSeconds()).isEqualTo(7.0);
    }
}
