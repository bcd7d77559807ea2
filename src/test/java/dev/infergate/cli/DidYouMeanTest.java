package dev.infergate.cli;

import static dev.infergate.cli.CliErrorsTest.assertOneLine;
import static dev.infergate.cli.CliErrorsTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A near miss in an option, command, plan key, profile or preset names the word meant, still one line, exit 2. */
class DidYouMeanTest {
    private static final String URL = "http://127.0.0.1:9/v1";

    @TempDir
    Path dir;

    @Test
    void aMistypedOptionSuggestsTheOptionAndLeavesItsValueOut() {
        CliErrorsTest.Outcome o = run("run", "--base-url", URL, "--concurency", "8");
        assertOneLine(o, 2, "Unknown option: '--concurency' (did you mean --concurrency?)", "infergate run --help");
        assertThat(o.err()).doesNotContain("'8'");
        assertOneLine(run("run", "--base-url", URL, "--concurency=8"), 2,
                "Unknown option: '--concurency' (did you mean --concurrency?)");
        assertOneLine(run("probe", "--base-ulr", URL), 2,
                "Unknown option: '--base-ulr' (did you mean --base-url?)");
    }

    @Test
    void anOptionOfAnotherCommand_saysWhichCommandsHaveIt() {
        CliErrorsTest.Outcome o = run("capacity", "--base-url", URL, "--input-tokens", "100");
        assertOneLine(o, 2, "Unknown option: '--input-tokens' is an option of run and probe, not of capacity",
                "infergate capacity --help");
        assertThat(o.err()).doesNotContain("'100'");
        assertOneLine(run("probe", "--base-url", URL, "--rate", "3"), 2,
                "Unknown option: '--rate' is an option of run and sweep, not of probe");
    }

    @Test
    void anOptionFarFromEveryOptionKeepsPicocliMessageWithoutAGuess() {
        CliErrorsTest.Outcome o = run("run", "--base-url", URL, "--flux-capacitor", "8");
        assertOneLine(o, 2, "Unknown option");
        assertThat(o.err()).doesNotContain("did you mean");
        assertThat(run("run", "--base-url", URL, "-x").err()).doesNotContain("did you mean");
    }

    @Test
    void aMistypedCommandSuggestsTheCommand() {
        assertOneLine(run("rn"), 2, "Unknown command: 'rn' (did you mean run?)", "infergate --help");
        assertOneLine(run("comapre", "a", "b"), 2, "Unknown command: 'comapre' (did you mean compare?)");
        assertOneLine(run("bench", "lagg"), 2, "Unknown command: 'lagg' (did you mean lag?)", "infergate bench --help");
        assertThat(run("frobnicate").err()).doesNotContain("did you mean");
    }

    @Test
    void aMistypedPresetSuggestsThePreset() {
        assertOneLine(run("run", "--base-url", URL, "--preset", "short-caht"), 2,
                "unknown preset 'short-caht' (did you mean short-chat?); expected one of short-chat, long-doc, long-output");
    }

    @Test
    void aMistypedSimulatorProfileSuggestsTheBundledOne() {
        assertOneLine(run("serve-sim", "--profile", "baselin", "--port", "0"), 2,
                "profile baselin does not exist (did you mean baseline?); give a bundled name");
    }

    @Test
    void aMistypedPlanKeyIsSuggestedAndListedFirstWithTheRestSorted() throws Exception {
        Path plan = dir.resolve("plan.yaml");
        Files.writeString(plan, "baseline: http://127.0.0.1:9/v1\ncandidate: http://127.0.0.1:9/v1\n"
                + "capacity: {enabled: true, warmpu: 5s}\n");
        CliErrorsTest.Outcome o = run("accept", plan.toString(), "--out", dir.resolve("out").toString());
        assertOneLine(o, 2, "plan.yaml line 3, key capacity.warmpu: unknown key (did you mean warmup?); expected one of warmup, ");
        String listed = o.err().substring(o.err().indexOf("warmup, ") + "warmup, ".length()).strip();
        java.util.List<String> rest = java.util.Arrays.asList(listed.split(", "));
        assertThat(rest).isSorted().doesNotContain("warmup").contains("duration", "target");
    }
}
