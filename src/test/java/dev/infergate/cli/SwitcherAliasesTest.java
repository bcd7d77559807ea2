package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Issue #19's switchers bullet: each peer tool's option name is an alias of the infergate option with the same
 * meaning (it sets the same field), and help shows it.
 */
class SwitcherAliasesTest {
    private static RunCommand parse(String... args) {
        RunCommand run = new RunCommand();
        String[] all = new String[args.length + 2];
        all[0] = "--base-url";
        all[1] = "http://127.0.0.1:9/v1";
        System.arraycopy(args, 0, all, 2, args.length);
        Converters.registered(new CommandLine(run)).parseArgs(all);
        return run;
    }

    @Test
    void vllmAiperfAndGuidellmNames_setTheSameOptionAsInfergatesOwn() {
        for (String requests : List.of("--requests", "--num-prompts", "--request-count", "--max-requests")) {
            assertThat(parse(requests, "37").load.requests).as(requests).isEqualTo(37L);
        }
        for (String out : List.of("--out", "--result-dir", "--artifact-dir", "--output-dir")) {
            assertThat(parse(out, "d7").out.out).as(out).isEqualTo(Path.of("d7"));
        }
        assertThat(parse("--request-rate", "6").load.loop.rate).isEqualTo(parse("--rate", "6").load.loop.rate).isEqualTo(6.0);
        assertThat(parse("--isl", "512").workload.inputTokens).isEqualTo("512");
        assertThat(parse("--metadata", "gpu=H100").labels.labels()).containsExactly(java.util.Map.entry("gpu", "H100"));
        assertThat(parse("--osl", "64").workload.outputTokens).isEqualTo(parse("--output-tokens", "64").workload.outputTokens);
    }

    @Test
    void recordEventsAll_keepsEveryRequestsArrivalTimes_andNonsenseIsRefused() {
        assertThat(parse("--record-events", "all").recordEvents).as("1: every request, no 500-request limit").isEqualTo(1);
        assertThat(parse("--record-events", "25").recordEvents).isEqualTo(25);
        assertThat(parse().recordEvents).as("the default: every 10th request").isEqualTo(10);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("--record-events", "some"))
                .hasMessageContaining("'some' is not a number of requests or 'all'");
    }

    @Test
    void helpShowsEachAliasBesideItsOption() {
        String help = Converters.registered(new CommandLine(new RunCommand())).getUsageMessage(CommandLine.Help.Ansi.OFF);
        assertThat(help).contains("--requests, --num-prompts, --max-requests, --request-count=N",
                "--out, --result-dir, --output-dir, --artifact-dir=DIR", "--rate, --request-rate=R",
                "--isl, --input-tokens=", "--osl, --output-tokens=", "--label, --metadata=KEY=VALUE");
    }

    @Test
    void probeAndCapacity_takeTheSameWorkloadNamesAndLabelsAsRun() {
        ProbeCommand probe = new ProbeCommand();
        Converters.registered(new CommandLine(probe)).parseArgs("--base-url", "http://h/v1", "--isl", "300", "--osl", "20", "--label", "gpu=L4");
        assertThat(probe.plan().inputTokens()).isEqualTo(300);
        assertThat(probe.plan().outputTokens()).isEqualTo(20);
        assertThat(probe.plan().labels()).containsExactly(java.util.Map.entry("gpu", "L4"));
        CapacityCommand capacity = new CapacityCommand();
        Converters.registered(new CommandLine(capacity)).parseArgs("--base-url", "http://h/v1", "--label", "gpu=L4", "--label", "engine=vllm");
        assertThat(capacity.labels.labels()).containsExactly(java.util.Map.entry("gpu", "L4"), java.util.Map.entry("engine", "vllm"));
    }
}
