package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class MatrixEtaTest {
    private static final long S = 1_000_000_000L;

    @Test
    void matrixLines_fromTheSecondOn_endWithTheMeanRunTimeTimesTheRunsLeft_otherLinesUnchanged() {
        AtomicLong clock = new AtomicLong(5 * S);
        List<String> printed = new ArrayList<>();
        UnaryOperator<String> timeLeft = MatrixEta.timeLeft(clock::get);
        Consumer<String> progress = line -> printed.add(timeLeft.apply(line));

        progress.accept("capacity baseline: 12.0 req/s for 3.0 s (run 1)");
        clock.addAndGet(60 * S); // capacity time does not count
        progress.accept("[1/12] baseline short-chat/fresh/typical repeat 1");
        clock.addAndGet(20 * S);
        progress.accept("[2/12] candidate short-chat/fresh/typical repeat 1");
        clock.addAndGet(40 * S);
        progress.accept("[3/12] candidate short-chat/fresh/typical repeat 2");
        clock.addAndGet(270 * S);
        progress.accept("[12/12] baseline short-chat/shared/typical repeat 2");
        progress.accept("comparing baseline and candidate");

        assertThat(printed).containsExactly("capacity baseline: 12.0 req/s for 3.0 s (run 1)",
                "[1/12] baseline short-chat/fresh/typical repeat 1",
                "[2/12] candidate short-chat/fresh/typical repeat 1, about 3m40s left in the matrix", // 20 s x 11
                "[3/12] candidate short-chat/fresh/typical repeat 2, about 5m00s left in the matrix", // 30 s x 10
                "[12/12] baseline short-chat/shared/typical repeat 2, about 30s left in the matrix", // 30 s x 1
                "comparing baseline and candidate");
    }

    @Test
    void format_roundsTo10Seconds_andToMinutesAbove10Minutes() {
        assertThat(MatrixEta.format(3)).isEqualTo("10s");
        assertThat(MatrixEta.format(44)).isEqualTo("40s");
        assertThat(MatrixEta.format(95)).isEqualTo("1m40s");
        assertThat(MatrixEta.format(1234)).isEqualTo("21m");
    }
}
