package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.accept.PlanReader;
import org.junit.jupiter.api.Test;

/**
 * {@code capacity}'s options build the capacity step without a plan file, and a value out of range is refused with the
 * sentence a plan file gets at its key: one line naming the option, exit 2.
 */
class CapacityOptionsCheckedLikeAPlanTest {
    private static final String URL = "http://127.0.0.1:9/v1";
    private static final String SIDES = "baseline: " + URL + "\ncandidate: " + URL + "\n";

    @Test
    void eachOptionOutOfRange_isOneLineNamingIt_inThePlansWords() {
        agree(new String[] {"--target", "100%"}, "target: 100%", "--target", "(1.0) must be a share above 0 and below 1");
        agree(new String[] {"--max-probes", "1"}, "max_probes: 1", "--max-probes", "(1) must be >= 2");
        agree(new String[] {"--probe-duration", "0s"}, "duration: 0s", "--probe-duration", "(0us) must be more than 0");
        agree(new String[] {"--ramp-duration", "0s"}, "ramp_duration: 0s", "--ramp-duration", "(0us) must be more than 0");
    }

    @Test
    void aZeroShare_thatTheShareConverterLetsThrough_isRefusedByTheCapacityStep() {
        CliErrorsTest.assertOneLine(CliErrorsTest.run("capacity", "--base-url", URL, "--target", "0"), 2,
                "--target: (0.0) must be a share above 0 and below 1");
        CliErrorsTest.assertOneLine(CliErrorsTest.run("capacity", "--base-url", URL, "--tolerance", "0%"), 2,
                "--tolerance: (0.0) must be a share above 0, e.g. 5% or 0.05");
    }

    @Test
    void aStartAboveTheHighestRate_namesTheStartRate_notAKeyTheCommandHasNot() {
        CliErrorsTest.Outcome o = CliErrorsTest.run("capacity", "--base-url", URL, "--start-rate", "2000");
        CliErrorsTest.assertOneLine(o, 2, "--start-rate: (2000.0) must be at most 1000.0 req/s");
        assertThat(o.err()).doesNotContain("max_rate").doesNotContain("--capacity");
    }

    @Test
    void anUnknownPresetOrPrefix_namesItsOption() {
        CliErrorsTest.assertOneLine(CliErrorsTest.run("capacity", "--base-url", URL, "--preset", "huge"), 2, "--preset: ", "huge");
        CliErrorsTest.assertOneLine(CliErrorsTest.run("capacity", "--base-url", URL, "--prefix", "stale"), 2, "--prefix: ", "stale");
    }

    @Test
    void anEmbeddingsEndpoint_keepsOnlyTheE2eTarget() {
        CapacityCommand cmd = new CapacityCommand();
        Converters.registered(new picocli.CommandLine(cmd)).parseArgs("--base-url", URL, "--api", "embeddings",
                "--slo", "ttft=1s,e2e=400ms");
        var plan = cmd.plan(cmd.endpoint.endpoint());
        assertThat(plan.slo().ttft()).isNull();
        assertThat(plan.slo().e2e()).isEqualTo(java.time.Duration.ofMillis(400));
        assertThat(plan.criteria()).isEqualTo(dev.infergate.analysis.compare.EmbeddingsCriteria.DEFAULT);
    }

    @Test
    void aTrace_becomesTheCapacityStepsReplay_andCancelOptionsItsCancelBlock(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path file = dir.resolve("it's.jsonl");
        java.nio.file.Files.writeString(file, "{\"timestamp\": 0, \"input_length\": 40, \"output_length\": 4, \"hash_ids\": [0]}\n"
                + "{\"timestamp\": 500, \"input_length\": 40, \"output_length\": 4, \"hash_ids\": [1]}\n");
        CapacityCommand cmd = new CapacityCommand();
        Converters.registered(new picocli.CommandLine(cmd)).parseArgs("--base-url", URL, "--trace", file.toString(),
                "--trace-window", "0s..10s", "--time-scale", "2", "--cancel-rate", "0.2", "--cancel-after", "40tok", "--seed", "3");
        var plan = cmd.plan(cmd.endpoint.endpoint());
        assertThat(plan.capacity().trace().trace()).isEqualTo(cmd.traffic.trace());
        assertThat(plan.capacity().workloadText()).isEqualTo("trace it's.jsonl");
        assertThat(plan.timeouts().cancellations()).isEqualTo(cmd.traffic.cancellations(3));
        assertThat(plan.timeouts().cancellations().share()).isEqualTo(0.2);
    }

    /** The option's refusal and the plan key's carry the same sentence after their names. */
    private static void agree(String[] option, String planEntry, String name, String sentence) {
        String[] args = new String[option.length + 3];
        args[0] = "capacity";
        args[1] = "--base-url";
        args[2] = URL;
        System.arraycopy(option, 0, args, 3, option.length);
        CliErrorsTest.Outcome o = CliErrorsTest.run(args);
        CliErrorsTest.assertOneLine(o, 2, name + ": " + sentence);
        String cli = o.err().strip().substring(o.err().indexOf(name + ": ") + name.length() + 2);
        String key = planEntry.substring(0, planEntry.indexOf(':'));
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", SIDES + "capacity: {" + planEntry + "}\n"))
                .satisfies(e -> {
                    String m = e.getMessage();
                    assertThat(m).contains("key capacity." + key + ": ");
                    assertThat(m.substring(m.indexOf("key capacity." + key + ": ") + key.length() + 15)).isEqualTo(cli);
                });
    }
}
