package dev.infergate.cli;

import static dev.infergate.cli.CliErrorsTest.assertOneLine;
import static dev.infergate.cli.CliErrorsTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code quality} and {@code quality-compare} end to end on simulated servers: output, files and exit codes. */
class QualityCommandTest {
    @TempDir
    Path dir;

    @Test
    void qualityThenCompare_rejectsACandidateThatAnswersMuchWorse() throws Exception {
        quality(SimProfile.bundled("baseline"), "base", "30");
        quality(SimProfile.bundled("candidate-fp8-kv").withAnswerAccuracy(0.3), "cand", "30");

        CliErrorsTest.Outcome o = run("quality-compare", dir.resolve("base").toString(), dir.resolve("cand").toString(),
                "--max-drop", "2%", "--out", dir.resolve("cmp.json").toString());
        assertThat(o.code()).as(o.err()).isEqualTo(1);
        assertThat(o.out()).startsWith("quality on 30 paired items\n")
                .contains("accuracy max_drop 2.0%: FAIL: accuracy drop ")
                .contains("comparison: " + dir.resolve("cmp.json"));
        assertThat(dir.resolve("cmp.json")).content().contains("\"verdict\" : \"fail\"").contains("\"mcnemar_exact_p\"");
    }

    @Test
    void qualityThenCompare_onFewItemsOfASmallGap_isInconclusive() throws Exception {
        CliErrorsTest.Outcome base = quality(SimProfile.bundled("baseline"), "base", "12");
        assertThat(base.out()).startsWith("eval multiple-choice (seed 1, 12 items) on sim-llama-8b at http://127.0.0.1:")
                .contains("\naccuracy ").contains("  choice   ")
                .contains("results: " + dir.resolve("base").resolve("quality.json"));
        quality(SimProfile.bundled("candidate-fp8-kv"), "cand", "12");

        CliErrorsTest.Outcome o = run("quality-compare", dir.resolve("base").toString(), dir.resolve("cand").toString());
        assertThat(o.code()).as(o.err()).isEqualTo(4);
        assertThat(o.out()).contains("INCONCLUSIVE").contains("12 items are too few to tell");
        assertThat(dir.resolve("cand").resolve("quality-comparison.json")).exists();
    }

    @Test
    void quality_withAnUnknownEvalSet_isAUsageErrorNamingTheBundledSets() {
        assertOneLine(run("quality", "--base-url", "http://127.0.0.1:9/v1", "--eval", "mmlu.jsonl"), 2,
                "eval file mmlu.jsonl does not exist", "arithmetic, word-problems, multiple-choice");
    }

    @Test
    void quality_withAnUnreachableServer_cannotRun() throws Exception {
        assertOneLine(run("quality", "--base-url", "http://127.0.0.1:" + CliErrorsTest.freePort() + "/v1", "--items", "2",
                "--out", dir.resolve("x").toString()), 3, "cannot reach", "--base-url");
    }

    @Test
    void qualityCompare_ofADirectoryWithoutResults_isAUsageError() {
        assertOneLine(run("quality-compare", dir.toString(), dir.toString()), 2, "holds no quality.json");
    }

    private CliErrorsTest.Outcome quality(SimProfile profile, String side, String items) {
        try (SimServer server = SimServer.start(profile, "127.0.0.1", 0, 42)) {
            CliErrorsTest.Outcome o = run("quality", "--base-url", server.baseUrl(), "--eval", "multiple-choice", "--items", items,
                    "--max-tokens", "8", "--concurrency", "12", "--out", dir.resolve(side).toString());
            assertThat(o.code()).as(o.err()).isZero();
            return o;
        }
    }
}
