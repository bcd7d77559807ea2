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
}
