package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.accept.AcceptPlan;
import dev.infergate.analysis.Slo;
import dev.infergate.client.Endpoint;
import dev.infergate.workload.PrefixMode;
import dev.infergate.workload.Preset;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code capacity} takes the shared endpoint, timeout and SLO options and hands them to the capacity step unchanged. */
class CapacityOptionsTest {

    @Test
    void capacityOptions_becomeThePlansCapacityStep_andTheEndpointCarriesHeadersAndTls() {
        CapacityCommand cmd = new CapacityCommand();
        Converters.registered(new CommandLine(cmd)).parseArgs("--base-url", "https://gw.example/v1", "--api", "completions", "--model", "m'1",
                "--header", "x-tenant: blue", "--http2", "--insecure", "--goodput", "ttft:500", "e2el:4000",
                "--seed", "7", "--prefix", "shared", "--preset", "long-doc", "--start-rate", "120/m", "--target", "90%",
                "--tolerance", "0.1", "--probe-duration", "15s", "--ttft-timeout", "30s", "--timeout", "3m",
                "--label", "gpu=L4", "--metadata", "engine=vllm 0.11: it's new");

        Endpoint endpoint = cmd.endpoint.endpoint();
        AcceptPlan plan = cmd.plan(endpoint);

        assertThat(endpoint.headers()).containsEntry("x-tenant", "blue");
        assertThat(endpoint.http2()).isTrue();
        assertThat(endpoint.insecure()).isTrue();
        assertThat(plan.baseline().url()).isEqualTo("https://gw.example/v1");
        assertThat(plan.baseline().model()).isEqualTo("m'1");
        assertThat(plan.baseline().api()).isEqualTo("completions");
        assertThat(plan.baseline().labels()).as("each probe run's run.json carries them")
                .containsOnly(java.util.Map.entry("gpu", "L4"), java.util.Map.entry("engine", "vllm 0.11: it's new"));
        assertThat(plan.seed()).isEqualTo(7);
        assertThat(plan.slo()).isEqualTo(new Slo(Duration.ofMillis(500), null, Duration.ofSeconds(4)));
        assertThat(plan.capacity().prefix()).isEqualTo(PrefixMode.SHARED);
        assertThat(plan.capacity().workload()).isEqualTo(Preset.LONG_DOC);
        assertThat(plan.capacity().startRate()).isEqualTo(2.0);
        assertThat(plan.capacity().target()).isEqualTo(0.9);
        assertThat(plan.capacity().tolerance()).isEqualTo(0.1);
        assertThat(plan.capacity().probeDuration()).isEqualTo(Duration.ofSeconds(15));
        assertThat(plan.capacity().rampDuration()).as("half a probe by default").isEqualTo(Duration.ofMillis(7500));
        assertThat(plan.timeouts().firstToken()).isEqualTo(Duration.ofSeconds(30));
        assertThat(plan.timeouts().idle()).isEqualTo(Duration.ofSeconds(60));
        assertThat(plan.timeouts().total()).isEqualTo(Duration.ofMinutes(3));
    }

    @Test
    void rampProbes_areHalfAProbe_atLeast2s_neverLongerThanOne_orAsAsked() {
        for (String[] c : new String[][] {{"5s", null, "2.5s"}, {"3s", null, "2s"}, {"1s", null, "1s"}, {"20s", "4s", "4s"}}) {
            CapacityCommand cmd = new CapacityCommand();
            Converters.registered(new CommandLine(cmd)).parseArgs(c[1] == null ? new String[] {"--base-url", "http://h:1/v1", "--probe-duration", c[0]}
                    : new String[] {"--base-url", "http://h:1/v1", "--probe-duration", c[0], "--ramp-duration", c[1]});
            assertThat(cmd.plan(cmd.endpoint.endpoint()).capacity().rampDuration()).as(String.join(" ", c[0], String.valueOf(c[1])))
                    .isEqualTo(dev.infergate.config.Durations.parse(c[2]));
        }
    }

    @Test
    void capacityWithoutAnSlo_isRefused() {
        CliErrorsTest.assertOneLine(CliErrorsTest.run("capacity", "--base-url", "http://127.0.0.1:9/v1", "--slo", "none"), 2,
                "--slo none", "capacity needs a target");
    }
}
