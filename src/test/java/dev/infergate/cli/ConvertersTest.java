package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.config.ByteSize;
import dev.infergate.workload.trace.TraceWindow;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * Each option type is read by the converter registered for it once ({@link Converters}): a value is typed before the
 * command starts, and a bad one is one line naming the option, the value and the accepted form, exit 2.
 */
class ConvertersTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "--ramp-up|abc|'abc' is not a duration; write it with a unit, e.g. 250ms, 10s, 2m, 1h",
        "--start-at|yesterday|'yesterday' is not an ISO-8601 instant; write it like 2026-12-02T16:30:00Z",
        "--max-body-size|abc|'abc' is not a size; write it with a unit, e.g. 512KiB, 64MiB, 1GiB",
        "--max-event-size|1B|'1B' must be between 1KiB and 1GiB",
        "--trace-window|15s|'15s' must be FROM..TO in the trace's own time, e.g. 0s..15s or 2m..",
    })
    void aBadValue_isOneLineNamingTheOptionAndTheForm_exit2(String option, String value, String why) {
        CliErrorsTest.Outcome o = CliErrorsTest.run("run", "--base-url", "http://127.0.0.1:9/v1", option, value);
        assertThat(o.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(o.err()).isEqualTo("infergate: Invalid value for option '" + option + "': " + why
                + " (see 'infergate run --help')" + System.lineSeparator());
    }

    @Test
    void registeredOnce_theTypesReachEveryCommandThatDeclaresThem() {
        RunCommand run = new RunCommand();
        Converters.registered(new CommandLine(run)).parseArgs("--base-url", "http://h/v1", "--rate", "5",
                "--ramp-up", "1500ms", "--start-at", "2026-12-02T16:30:00Z", "--max-body-size", "2MiB",
                "--trace-window", "10s..", "--duration", "2m");
        assertThat(run.load.rampUp).isEqualTo(Duration.ofMillis(1500));
        assertThat(run.load.startAt).isEqualTo(Instant.parse("2026-12-02T16:30:00Z"));
        assertThat(run.maxBodySize).isEqualTo(new ByteSize(2 << 20));
        assertThat(run.maxEventSize).isEqualTo(new ByteSize(16 << 20)); // its default, read by the same converter
        assertThat(run.traffic.traceWindow).isEqualTo(new TraceWindow(10_000_000_000L, Long.MAX_VALUE));
    }
}
