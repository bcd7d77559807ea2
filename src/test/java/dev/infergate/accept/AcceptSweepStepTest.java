package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.analysis.sweep.SweepDocument;
import dev.infergate.analysis.sweep.SweepFigure;
import dev.infergate.cli.Main;
import dev.infergate.json.Json;
import dev.infergate.report.html.ReportModel;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.FastSim;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code accept} with a plan's {@code sweep:} step against two simulators: the step runs both sides at every level,
 * interleaved, under OUT/sweep as {@code infergate sweep} lays it out, and the acceptance shows every level's change
 * with its interval and how the error is held across levels. Small counts; no timing asserted.
 */
class AcceptSweepStepTest {
    @TempDir
    Path dir;

    @Test
    void aPlansSweepStep_runsEveryLevelOnBothSides_withThePlansImages_andTheAcceptanceShowsItsChangesAndErrorRule() throws Exception {
        Path result = dir.resolve("result");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try (SimServer base = SimServer.start(FastSim.profile("baseline", dir), "127.0.0.1", 0, 1);
                SimServer cand = SimServer.start(FastSim.profile("candidate-fp8-kv", dir), "127.0.0.1", 0, 1)) {
            Path plan = Files.writeString(dir.resolve("plan.yaml"), """
                    baseline: '%s'
                    candidate: '%s'
                    matrix: {workloads: [short-chat], prefixes: [fresh], loads: {low: {concurrency: 1}}}
                    repeats: 1
                    requests: 2
                    warmup: 0
                    capacity: false
                    burst: false
                    tokenizer: cl100k_base
                    sweep: {concurrency: [1, 2], requests: 2x, warmup: 0, gpus: 2}
                    images: {count: 1, size: 64x48}
                    """.formatted(base.baseUrl(), cand.baseUrl()));
            int code = Main.execute(new String[] {"accept", plan.toString(), "--out", result.toString(), "--no-progress"},
                    new PrintWriter(out, true), new PrintWriter(err, true));
            assertThat(code).as(err.toString()).isIn(0, 1, 4);
        }

        List<String> steps = err.toString().lines().filter(l -> l.contains("[level ")).map(l -> l.substring(l.indexOf('[')))
                .toList();
        assertThat(steps).as("interleaved per level, the first side alternating as the command does").containsExactly(
                "[level 1/2] baseline c=1 repeat 1", "[level 1/2] candidate c=1 repeat 1",
                "[level 2/2] candidate c=2 repeat 1", "[level 2/2] baseline c=2 repeat 1");
        for (String side : List.of("baseline", "candidate")) {
            assertThat(result.resolve("sweep").resolve(side).resolve("concurrency-2/r1/requests.jsonl")).isRegularFile();
        }
        for (Path run : List.of(result.resolve("sweep/candidate/concurrency-2/r1"), result.resolve("baseline/short-chat/fresh/low/r1"))) {
            List<dev.infergate.record.RequestRecord> records = new java.util.ArrayList<>();
            dev.infergate.record.RunLog.readRecords(run, records::add);
            assertThat(records).as("the plan's images: on every request of " + run).isNotEmpty()
                    .allSatisfy(r -> assertThat(r.inputParts().images()).isEqualTo(1));
        }
        assertThat(Files.readString(result.resolve("acceptance.md"))).contains("- images: 1 x 64x48 jpeg per request");
        SweepDocument sweep = SweepDocument.read(result.resolve("sweep"));
        assertThat(sweep.levels()).extracting(SweepDocument.LevelResult::label).containsExactly("c=1", "c=2");
        assertThat(sweep.confidence()).isEqualTo(1 - 0.05 / 2);
        assertThat(sweep.gpus()).isEqualTo(2);
        assertThat(sweep.levels().get(1).change(SweepFigure.TTFT_P50_MS).low()).isNotNull();

        JsonNode acceptance = Json.COMPACT.readTree(result.resolve("acceptance.json").toFile());
        assertThat(acceptance.path("sweep").path("rule").asText()).contains("Bonferroni, 5 % / 2");
        assertThat(acceptance.path("sweep").path("levels").get(1).path("changes")).isNotEmpty();
        assertThat(Files.readString(result.resolve("acceptance.md"))).contains("## Load sweep",
                "Change, candidate vs baseline (candidate / baseline - 1, 97.5 % interval)",
                "shown beside the verdict, not part of it", "a sweep makes 2 comparisons (one per level)");
        assertThat(out.toString()).contains("load sweep (short-chat/fresh, 2x requests after 0 warm-up", "c=2    baseline")
                .doesNotContain("| c=1"); // the console's table, not Markdown
        assertThat(Json.COMPACT.valueToTree(ReportModel.build(List.of(result))).path("sweep").path("levels")).hasSize(2);
    }
}
