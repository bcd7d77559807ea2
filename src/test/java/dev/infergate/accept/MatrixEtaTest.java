package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class MatrixEtaTest {
    private static final long S = 1_000_000_000L;

    @Test
    void firstRun_saysNothing_laterRuns_theMeanRunTimeTimesTheRunsLeft() {
        AtomicLong clock = new AtomicLong(5 * S);
        MatrixEta eta = new MatrixEta(clock::get, 12);

        assertThat(eta.starting(1)).isEmpty();
        clock.addAndGet(20 * S);
        assertThat(eta.starting(2)).isEqualTo(", about 3m40s left in the matrix"); // 20 s x 11 runs
        clock.addAndGet(40 * S);
        assertThat(eta.starting(3)).isEqualTo(", about 5m00s left in the matrix"); // 30 s x 10 runs
        clock.addAndGet(270 * S);
        assertThat(eta.starting(12)).isEqualTo(", about 30s left in the matrix"); // 30 s x 1 run
    }

    @Test
    void format_roundsTo10Seconds_andToMinutesAbove10Minutes() {
        assertThat(MatrixEta.format(3)).isEqualTo("10s");
        assertThat(MatrixEta.format(44)).isEqualTo("40s");
        assertThat(MatrixEta.format(95)).isEqualTo("1m40s");
        assertThat(MatrixEta.format(1234)).isEqualTo("21m");
    }

    @Test
    void noRuns_isRefused() {
        assertThatThrownBy(() -> new MatrixEta(System::nanoTime, 0)).hasMessageContaining("totalRuns (0) must be >= 1");
    }
}
