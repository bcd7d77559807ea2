package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class BenchCommandTest {
    record Outcome(int exitCode, String out, String err) {}

    static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Outcome(code, out.toString(), err.toString());
    }

    @Test
    void accuracy_printsARowPerRunAndTheResultTable() {
        Outcome o = run("bench", "accuracy", "--streams", "4", "--tokens", "5", "--ttft", "1ms", "--itl", "1ms",
                "--rounds", "1", "--warmup-rounds", "0", "--event-loops", "1");
        assertThat(o.err()).isEmpty();
        assertThat(o.exitCode()).isZero();
        assertThat(o.out()).startsWith("infergate bench accuracy: server in this JVM, 1 server event loop(s), spin 0us");
        assertThat(o.out()).contains("result:\n" + dev.infergate.bench.AccuracyTable.HEADER + "\n      4   1.000      4000");
    }

    @Test
    void badInput_isOneLineOnStderrWithExitCode2() {
        Outcome o = run("bench", "accuracy", "--streams", "0");
        assertThat(o.exitCode()).isEqualTo(ExitCode.USAGE.code());
        assertThat(o.err()).isEqualTo("infergate: streams (0) must be >= 1\n");
        Outcome rate = run("bench", "capacity", "--events-per-second", "0");
        assertThat(rate.exitCode()).isEqualTo(ExitCode.USAGE.code());
        assertThat(rate.err()).isEqualTo("infergate: --events-per-second (0.0) must be > 0\n");
    }

    @Test
    void capacity_derivesEachPointsItlFromTheRate() {
        assertThat(BenchCapacityCommand.itlFor(2000, 20_000)).hasMillis(100);
        assertThat(BenchCapacityCommand.itlFor(500, 20_000)).hasMillis(25);
    }
}
