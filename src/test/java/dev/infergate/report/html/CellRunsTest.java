package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.infergate.record.RunLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which cells and repeats an acceptance directory offers the page, and which one it opens on. */
class CellRunsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** acceptance.json's matrix of {@code cells} workloads (prefix fresh, load typical) and its runs list. */
    private JsonNode acceptance(int cells, String baselineRun) {
        ObjectNode a = JSON.createObjectNode();
        ArrayNode matrix = a.putArray("matrix");
        for (int c = 1; c <= cells; c++) {
            matrix.addObject().put("workload", "w" + c).put("prefix", "fresh").put("load", "typical").put("outcome", c == 2 ? "fail" : "pass");
        }
        ArrayNode runs = a.putArray("runs");
        runs.addObject().put("side", "baseline").put("dir", baselineRun);
        runs.addObject().put("side", "candidate").put("dir", "candidate/w" + cells + "/fresh/typical/r1");
        return a;
    }

    private void runDir(String side, int cell, int repeat) throws Exception {
        Path d = dir.resolve(side).resolve("w" + cell).resolve("fresh").resolve("typical").resolve("r" + repeat);
        Files.createDirectories(d);
        Files.writeString(d.resolve(RunLog.RUN_FILE), "{}");
        Files.writeString(d.resolve(RunLog.REQUESTS_FILE), "");
    }

    private void grid(int cells, int repeats) throws Exception {
        for (int c = 1; c <= cells; c++) {
            for (int k = 1; k <= repeats; k++) {
                runDir("baseline", c, k);
                runDir("candidate", c, k);
            }
        }
    }

    private static Decision restingOn(String... verdictAndCondition) {
        List<Decision.Criterion> shown = new ArrayList<>();
        for (int i = 0; i < verdictAndCondition.length; i += 2) {
            shown.add(new Decision.Criterion("ttft.p50 max_regression 10%", verdictAndCondition[i + 1], verdictAndCondition[i], 0.2, List.of(0.1, 0.3), "#cell-0"));
        }
        return new Decision(List.of(new Decision.Audience("all", null, "rejected", "reason", null, "#acceptance",
                new Decision.NotPassed(shown.size(), shown))), null, List.of(), List.of());
    }

    @Test
    void everyCellAndRepeat_inMatrixThenRepeatOrder_openingOnTheFailedCriterionsCell() throws Exception {
        grid(3, 2);
        CellRuns runs = CellRuns.of(dir, acceptance(3, "baseline/w3/fresh/typical/r1"),
                restingOn("inconclusive", "w1/fresh/typical", "fail", "w2/fresh/typical"));

        assertThat(runs.options()).extracting(CellRuns.Option::label).containsExactly("w1/fresh/typical, repeat 1",
                "w1/fresh/typical, repeat 2", "w2/fresh/typical, repeat 1", "w2/fresh/typical, repeat 2",
                "w3/fresh/typical, repeat 1", "w3/fresh/typical, repeat 2");
        assertThat(runs.shown()).isEqualTo(2); // the failure before the inconclusive one
        assertThat(runs.labels()).containsExactly("baseline", "candidate");
        assertThat(runs.options().get(3).outcome()).isEqualTo("fail");
        assertThat(runs.options().get(3).dirs()).containsExactly(dir.resolve("baseline/w2/fresh/typical/r2"),
                dir.resolve("candidate/w2/fresh/typical/r2"));
    }

    @Test
    void allPassed_opensOnTheFirstCell_andARepeatMissingOnOneSideIsNotOffered() throws Exception {
        grid(2, 1);
        runDir("baseline", 1, 2); // the candidate has no repeat 2
        CellRuns runs = CellRuns.of(dir, acceptance(2, "baseline/w2/fresh/typical/r1"), restingOn());

        assertThat(runs.shown()).isZero();
        assertThat(runs.options()).extracting(CellRuns.Option::label)
                .containsExactly("w1/fresh/typical, repeat 1", "w2/fresh/typical, repeat 1");
    }

    @Test
    void moreOptionsThanOffered_offersTheFirstRepeatOfEachCell() throws Exception {
        int cells = CellRuns.MAX_OPTIONS / 2 + 1;
        grid(cells, 2);
        CellRuns runs = CellRuns.of(dir, acceptance(cells, "baseline/w" + cells + "/fresh/typical/r1"), null);

        assertThat(runs.options()).hasSize(cells).allSatisfy(o -> assertThat(o.repeat()).isEqualTo(1));
    }

    @Test
    void aBlankSideLabel_isLeftForTheRunsOwnName() throws Exception {
        grid(1, 1);
        JsonNode a = acceptance(1, "baseline/w1/fresh/typical/r1");
        ((ObjectNode) a.path("runs").get(0)).put("side", " ");

        assertThat(CellRuns.of(dir, a, null).labels()).containsExactly(null, "candidate");
    }

    @Test
    void runsNotLaidOutByCell_offerNoChoice() throws Exception {
        grid(1, 1);
        assertThat(CellRuns.of(dir, acceptance(1, "baseline"), null)).isNull(); // a dir that is not SIDE/CONDITION/rK
        assertThat(CellRuns.of(dir, acceptance(1, "baseline/other/fresh/typical/r1"), null)).isNull(); // not a matrix cell
        assertThat(CellRuns.of(dir, null, null)).isNull();
    }
}
