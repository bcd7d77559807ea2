package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressDisplayTest {
    @Test
    void warmupRequests_areMarkedUntilTheLastOneFinished() {
        ProgressDisplay d = new ProgressDisplay(System.err, 26, 0).withWarmup(6, null);

        assertThat(d.warmupMark(0, 0.1)).isEqualTo("warm-up (not measured) 0/6 · ");
        assertThat(d.warmupMark(5, 3)).isEqualTo("warm-up (not measured) 5/6 · ");
        assertThat(d.warmupMark(6, 3)).isEmpty();
    }

    @Test
    void timedWarmup_isMarkedForItsDuration_noWarmup_neverMarked() {
        ProgressDisplay timed = new ProgressDisplay(System.err, 0, 70_000).withWarmup(0, Duration.ofSeconds(10));
        ProgressDisplay none = new ProgressDisplay(System.err, 20, 0).withWarmup(0, null);

        assertThat(timed.warmupMark(40, 4.2)).isEqualTo("warm-up (not measured) 4/10 s · ");
        assertThat(timed.warmupMark(90, 10.5)).isEmpty();
        assertThat(none.warmupMark(0, 0)).isEmpty();
    }

    @Test
    void setupLine_namesSchemeHostAndPortOnly_neverTheUserInfoPathOrQuery() {
        StringWriter out = new StringWriter();
        Endpoint endpoint = new Endpoint(URI.create("https://user:secret@llm.example.com/v1?api-key=secret"), Api.CHAT, null,
                true, Map.of(), null, false, false, Duration.ofSeconds(5));

        ProgressDisplay.announceSetup(new PrintWriter(out, true), endpoint, true);

        assertThat(out.toString()).startsWith("infergate: checking the server at https://llm.example.com:443 (its model list")
                .contains("warming up the client").doesNotContain("secret").doesNotContain("/v1");
    }

    private static dev.infergate.load.Progress.Live live() {
        return new dev.infergate.load.Progress.Live(73.7, 101, 7.78, 8.19, 1073, 1090, 1.82,
                Map.of(dev.infergate.record.ErrorClass.HTTP_5XX, 2L, dev.infergate.record.ErrorClass.HTTP_429, 1L));
    }

    @Test
    void theTerminalBlock_showsProgressAgainstTheTotal_timeLeft_loadErrorsAndLatencySoFar() {
        ProgressDisplay.Snapshot s = new ProgressDisplay.Snapshot(12_000, 30, 120, 0, 8, 3, 3_600, live(), "");
        assertThat(ProgressDisplay.terminalLines(s)).containsExactly(
                "run [#####               ] 30/120 req (25 %) · 0:12 · 0:36 left",
                "    2.5 req/s · 300 tok/s out · 8 in flight · 3 queued · 3 errors",
                "    ms p50/p99: TTFT 73.7/101 · TPOT 7.78/8.19 · E2E 1073/1090 · lag p99 1.82",
                "    errors: http_429 1, http_5xx 2");
        assertThat(ProgressDisplay.terminalLines(s)).as("each fits an 80-column terminal, or the redraw would drift")
                .allSatisfy(line -> assertThat(line.length()).isLessThan(80));
    }

    @Test
    void theLogLine_carriesTheTotal_andATimedRunSaysItsTimeLeft() {
        ProgressDisplay.Snapshot byCount = new ProgressDisplay.Snapshot(12_000, 30, 120, 0, 8, 3, 3_600, live(), "");
        assertThat(ProgressDisplay.logLine(byCount)).startsWith("30/120 req (25 %) · 0:12 elapsed · 0:36 left · 2.5 req/s");
        ProgressDisplay.Snapshot byTime = new ProgressDisplay.Snapshot(65_000, 130, 0, 600_000, 8, 0, 0,
                new dev.infergate.load.Progress.Live(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                        Double.NaN, Map.of()), "warm-up (not measured) 65/70 s · ");
        assertThat(ProgressDisplay.logLine(byTime)).isEqualTo("warm-up (not measured) 65/70 s · 130 req, 1:05 of 10:00 · 1:05"
                + " elapsed · 8:55 left · 2.0 req/s · 0 tok/s out · 8 in flight · 0 queued · no errors · ms p50/p99: TTFT -/-"
                + " · TPOT -/- · E2E -/- · lag p99 -");
        assertThat(ProgressDisplay.clock(3_723_000)).isEqualTo("1:02:03");
    }
}
