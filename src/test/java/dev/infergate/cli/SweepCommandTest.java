package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.sweep.SweepDocument;
import dev.infergate.analysis.sweep.SweepFigure;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.FastSim;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code infergate sweep} end to end against the embedded simulator, with small counts (no timing asserted). */
class SweepCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int sweep(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "sweep";
        System.arraycopy(args, 0, all, 1, args.length);
        return Main.execute(all, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void aBaselineAndACandidate_runEveryLevelOnBothSides_andPrintEachLevelsChangeWithItsInterval() throws Exception {
        Path result = dir.resolve("sweep");
        try (SimServer base = SimServer.start(FastSim.profile("baseline", dir), "127.0.0.1", 0, 1);
                SimServer cand = SimServer.start(FastSim.profile("candidate-fp8-kv", dir), "127.0.0.1", 0, 1)) {
            int code = sweep("--base-url", base.baseUrl(), "--candidate-url", cand.baseUrl(), "--concurrency", "1,2",
                    "--requests", "3x", "--warmup", "0", "--gpus", "2", "--out", result.toString());
            assertThat(code).as(err.toString()).isZero();
        }

        for (String side : new String[] {"baseline", "candidate"}) {
            for (String level : new String[] {"concurrency-1", "concurrency-2"}) {
                assertThat(result.resolve(side).resolve(level).resolve("r1").resolve("requests.jsonl")).isRegularFile();
            }
        }
        SweepDocument doc = SweepDocument.read(result);
        assertThat(doc.sides()).containsExactly("baseline", "candidate");
        assertThat(doc.levels()).extracting(SweepDocument.LevelResult::label).containsExactly("c=1", "c=2");
        assertThat(doc.levels().get(1).sides().get("candidate").requests()).isEqualTo(6);
        SweepDocument.SideFigures b = doc.levels().get(0).sides().get("baseline");
        assertThat(b.outputTokensPerSPerGpu()).isEqualTo(b.outputTokensPerS() / 2);
        assertThat(doc.levels().get(0).change(SweepFigure.TTFT_P50_MS).low()).isNotNull();
        assertThat(doc.confidence()).isEqualTo(1 - 0.05 / 2);
        assertThat(out.toString()).contains("sweep over concurrency (fixed levels), baseline vs candidate")
                .contains("change, candidate vs baseline (candidate / baseline - 1, 97.5 % interval)")
                .contains("a sweep makes 2 comparisons (one per level)").contains("direction: ")
                .contains("report: ");
        assertThat(result.resolve("report.html")).isRegularFile();
        assertThat(Files.readString(result.resolve("report.html"))).contains("\"sweep\":{\"schema\":\"infergate.sweep/1\"");

        String printed = out.toString();
        out.getBuffer().setLength(0);
        assertThat(Main.execute(new String[] {"summarize", result.toString()}, new PrintWriter(out, true), new PrintWriter(err, true)))
                .isZero();
        assertThat(out.toString()).as("summarize prints the table again from sweep.json")
                .isEqualTo(printed.substring(0, printed.indexOf("sweep: ")) + "sweep: " + result.resolve("sweep.json") + "\n");
    }

    @Test
    void oneEndpoint_withAutoLevels_doublesUntilItsMostLevels_whileTheSloHolds() throws Exception {
        Path result = dir.resolve("auto");
        try (SimServer base = SimServer.start(FastSim.profile("baseline", dir), "127.0.0.1", 0, 1)) {
            int code = sweep("--base-url", base.baseUrl(), "--levels", "auto", "--max-levels", "2", "--requests", "2",
                    "--warmup", "0", "--slo", "ttft=30s", "--out", result.toString());
            assertThat(code).as(err.toString()).isZero();
        }

        SweepDocument doc = SweepDocument.read(result);
        assertThat(doc.levelsMode()).isEqualTo("auto");
        assertThat(doc.levels()).extracting(SweepDocument.LevelResult::label).containsExactly("c=1", "c=2");
        assertThat(doc.stop()).isEqualTo("reached --max-levels 2 with a side still holding the SLO");
        assertThat(doc.levels().get(0).changes()).isEmpty();
        assertThat(out.toString()).doesNotContain("Bonferroni").contains("the default: --gpus not given");
    }

    @Test
    void autoLevels_stopAtTheFirstLevelThatBreaksTheSloOnEverySide() throws Exception {
        Path result = dir.resolve("broken");
        try (SimServer base = SimServer.start(FastSim.profile("baseline", dir), "127.0.0.1", 0, 1)) {
            int code = sweep("--base-url", base.baseUrl(), "--levels", "auto", "--max-levels", "4", "--requests", "2",
                    "--warmup", "0", "--slo", "e2e=1ms", "--out", result.toString());
            assertThat(code).as(err.toString()).isZero();
        }

        SweepDocument doc = SweepDocument.read(result);
        assertThat(doc.levels()).hasSize(1);
        assertThat(doc.stop()).isEqualTo("c=1 broke the SLO on every side (attainment below 95 %)");
        assertThat(doc.levels().get(0).sides().get("baseline").held()).isFalse();
    }

    @Test
    void badLevels_getOneLineAndTheUsageExitCode() {
        int both = sweep("--base-url", "http://127.0.0.1:9/v1", "--concurrency", "1,4", "--rate", "2", "--out", dir.resolve("a").toString());
        assertThat(both).isEqualTo(ExitCode.USAGE.code());
        assertThat(err.toString()).contains("infergate: give --concurrency or --rate, not both").doesNotContain("Exception");

        int falling = sweep("--base-url", "http://127.0.0.1:9/v1", "--concurrency", "4,1", "--out", dir.resolve("b").toString());
        assertThat(falling).isEqualTo(ExitCode.USAGE.code());
        assertThat(err.toString()).contains("concurrency levels must rise: 1 follows 4");

        int none = sweep("--base-url", "http://127.0.0.1:9/v1", "--out", dir.resolve("c").toString());
        assertThat(none).isEqualTo(ExitCode.USAGE.code());
        assertThat(err.toString()).contains("give the levels: --concurrency 1,4,16,64 or --rate 2,4,8,16");
    }
}
