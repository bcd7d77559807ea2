package dev.infergate.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.infergate.analysis.sweep.SweepDocument;
import dev.infergate.analysis.sweep.SweepFigure;
import dev.infergate.analysis.sweep.SweepLevels;
import dev.infergate.cli.Main;
import dev.infergate.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Folders of vLLM and AIPerf results at several loads read as sweeps. The fixtures are laid out as the tools write them:
 * <ul>
 *   <li>vLLM {@code vllm bench sweep serve -o DIR} (vllm-project/vllm, vllm/benchmarks/sweep/serve.py at commit
 *       0031557f20f592111a8ea7d709730fad151bdae5): a folder per bench combination, {@code BENCH--max_concurrency=N}
 *       (param_sweep.py's name, {@code key=value}), holding {@code run=K.json} (the {@code vllm bench serve --save-result}
 *       file plus {@code run_number} and the override keys), {@code warmup.json} (run_number -1) and {@code summary.json}
 *       (the runs as a list). Each run file is the recorded {@code src/test/resources/imports/vllm-benchmark_serving-2024-12.json}
 *       (a real --save-result --save-detailed file) with its load keys set as the sweep sets them;</li>
 *   <li>AIPerf {@code --request-rate 2,4 --num-profile-runs 2} in independent mode (ai-dynamo/aiperf,
 *       docs/api/sweep-aggregates.md at commit 61aa933f531c3bb6d569ac107426b58eea0b51d1): {@code request_rate_2.0/
 *       profile_runs/trial_0001/profile_export.jsonl}, records in the per-request format {@link AiperfImport} reads.</li>
 * </ul>
 */
class ImportedSweepTest {
    private static final Path VLLM = Path.of("src/test/resources/imports/vllm-benchmark_serving-2024-12.json");
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    private static int cli(StringWriter out, StringWriter err, String... args) {
        return Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    /** A vLLM sweep over max_concurrency 1 and 4, two runs each, TTFTs scaled by {@code ttftScale}. */
    private Path vllmSweep(String name, double ttftScale) throws IOException {
        Path exp = dir.resolve(name);
        JsonNode base = Json.COMPACT.readTree(VLLM.toFile());
        for (int users : new int[] {1, 4}) {
            Path comb = Files.createDirectories(exp.resolve("BENCH--max_concurrency=" + users));
            ArrayNode summary = Json.COMPACT.createArrayNode();
            for (int k = -1; k < 2; k++) {
                ObjectNode run = base.deepCopy();
                run.put("request_rate", "inf");
                run.put("max_concurrency", users);
                run.put("run_number", k);
                ArrayNode ttfts = Json.COMPACT.createArrayNode();
                base.path("ttfts").forEach(t -> ttfts.add(t.asDouble() * ttftScale * (users == 4 ? 1.5 : 1)));
                run.set("ttfts", ttfts);
                Files.writeString(comb.resolve(k < 0 ? "warmup.json" : "run=" + k + ".json"), Json.COMPACT.writeValueAsString(run));
                if (k >= 0) {
                    summary.add(run);
                }
            }
            Files.writeString(comb.resolve("summary.json"), Json.COMPACT.writeValueAsString(summary));
        }
        Files.writeString(exp.resolve("summary.csv"), ",run_number,max_concurrency\n0,0,1\n");
        return exp;
    }

    @Test
    void aVllmSweepFolder_isReadAsLevelsOfConcurrency_leavingOutWarmupAndSummary() throws IOException {
        Path exp = vllmSweep("vllm-a", 1);

        List<ImportedSweep.LevelRun> runs = ImportedSweep.scan(exp);

        assertThat(runs).extracting(r -> r.level().label()).containsExactly("c=1", "c=1", "c=4", "c=4");
        assertThat(runs).extracting(r -> r.source().getFileName().toString()).containsOnly("run=0.json", "run=1.json");
        ImportedSweep.Materialized m = ImportedSweep.materialize(exp);
        assertThat(m.sideDir().resolve("concurrency-4/r2/requests.jsonl")).isRegularFile();
        SweepDocument doc = SweepDocument.read(m.root());
        assertThat(doc.sides()).containsExactly("vllm-a");
        assertThat(doc.levels()).extracting(SweepDocument.LevelResult::label).containsExactly("c=1", "c=4");
        assertThat(doc.levels().get(0).sides().get("vllm-a").repeats()).isEqualTo(2);
    }

    @Test
    void compareOfTwoVllmSweeps_judgesEveryLevel_andReportDrawsBothCurvesWithEachLevelsChange() throws IOException {
        Path a = vllmSweep("vllm-a", 1);
        Path b = vllmSweep("vllm-b", 1.25);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = cli(out, err, "compare", a.toString(), b.toString(), "--resamples", "1000", "--out", dir.resolve("cmp").toString());

        assertThat(code).as(err.toString()).isIn(0, 1, 4);
        assertThat(out.toString()).contains("concurrency-1", "concurrency-4", "sweep over concurrency (fixed levels), baseline vs candidate",
                "a sweep makes 2 comparisons (one per level): each level's interval is at 97.5 %");
        JsonNode comparison = Json.COMPACT.readTree(dir.resolve("cmp/comparison.json").toFile());
        assertThat(comparison.toString()).contains("\"concurrency-1\"", "\"concurrency-4\"");

        Path html = dir.resolve("sweep.html");
        assertThat(cli(new StringWriter(), err, "report", a.toString(), b.toString(), "-o", html.toString())).as(err.toString())
                .isZero();
        String page = Files.readString(html);
        assertThat(page).contains("\"sweep\":{\"schema\":\"infergate.sweep/1\"", "\"sides\":[\"baseline\",\"candidate\"]");
        SweepDocument pair = SweepDocument.read(ImportedSweep.pair(a, b));
        assertThat(pair.confidence()).isEqualTo(1 - 0.05 / 2);
        SweepDocument.Change ttft = pair.levels().get(1).change(SweepFigure.TTFT_P50_MS);
        assertThat(ttft.delta()).isCloseTo(0.25, org.assertj.core.data.Offset.offset(0.01));
        assertThat(ttft.direction()).isEqualTo("higher");
    }

    /** AIPerf's per-request lines: TTFT ~ ttftMs, 8 gaps of ~5 ms, one request every 25 ms. */
    private static String aiperfRecords(int n, double ttftMs, long seed) {
        StringBuilder sb = new StringBuilder();
        SplittableRandom random = new SplittableRandom(seed);
        long epoch = 1_759_813_207_532_900_363L;
        for (int i = 0; i < n; i++) {
            long start = epoch + i * 25 * MS;
            double ttft = ttftMs + 10 * random.nextDouble();
            StringBuilder gaps = new StringBuilder();
            double sum = 0;
            for (int g = 0; g < 8; g++) {
                double gap = 4.8 + random.nextDouble();
                sum += gap;
                gaps.append(g == 0 ? "" : ",").append(gap);
            }
            sb.append(String.format(Locale.ROOT, "{\"metadata\":{\"session_num\":%d,\"x_request_id\":\"r%d\","
                    + "\"turn_index\":0,\"request_start_ns\":%d,\"request_ack_ns\":%d,\"request_end_ns\":%d,"
                    + "\"worker_id\":\"w\",\"benchmark_phase\":\"profiling\",\"was_cancelled\":false},\"metrics\":{"
                    + "\"input_sequence_length\":{\"value\":550,\"unit\":\"tokens\"},"
                    + "\"time_to_first_token\":{\"value\":%s,\"unit\":\"ms\"},"
                    + "\"request_latency\":{\"value\":%s,\"unit\":\"ms\"},"
                    + "\"inter_chunk_latency\":{\"value\":[%s],\"unit\":\"ms\"},"
                    + "\"output_sequence_length\":{\"value\":9,\"unit\":\"tokens\"}},\"error\":null}%n", i, i, start,
                    start + 5 * MS, start + Math.round((ttft + sum) * 1e6), ttft, ttft + sum, gaps));
        }
        return sb.toString();
    }

    @Test
    void anAiperfRateSweep_withTrialsUnderEachLevel_isReadAsLevelsOfRate_andDrawnAsOneSide() throws IOException {
        Path base = dir.resolve("artifacts/my-bench");
        for (String level : List.of("request_rate_2.0", "request_rate_4.0")) {
            for (int k = 1; k <= 2; k++) {
                Path trial = Files.createDirectories(base.resolve(level).resolve("profile_runs/trial_000" + k));
                Files.writeString(trial.resolve("profile_export.jsonl"), aiperfRecords(30, level.endsWith("4.0") ? 120 : 90, k));
            }
        }
        Files.createDirectories(base.resolve("sweep_aggregate"));
        Files.writeString(base.resolve("sweep_aggregate/profile_export_aiperf_sweep.json"), "{\"aggregation_type\":\"sweep\"}");

        List<ImportedSweep.LevelRun> runs = ImportedSweep.scan(base);

        assertThat(runs).extracting(r -> r.level().kind()).containsOnly(SweepLevels.Kind.RATE);
        assertThat(runs).extracting(r -> r.level().label()).containsExactly("2/s", "2/s", "4/s", "4/s");
        Path html = dir.resolve("aiperf.html");
        StringWriter err = new StringWriter();
        assertThat(cli(new StringWriter(), err, "report", base.toString(), "-o", html.toString())).as(err.toString()).isZero();
        assertThat(Files.readString(html)).contains("\"kind\":\"rate\"", "\"label\":\"4/s\"", "\"sides\":[\"my-bench\"]");
    }

    @Test
    void aFolderOfAggregatesOnly_orOfTwoKindsOfLoad_isRefusedInOneLine() throws IOException {
        Path exp = Files.createDirectories(dir.resolve("aggregates/BENCH--max_concurrency=2"));
        ObjectNode run = (ObjectNode) Json.COMPACT.readTree(VLLM.toFile());
        List.of("ttfts", "itls", "input_lens", "output_lens", "generated_texts", "errors").forEach(run::remove);
        run.put("max_concurrency", 2);
        Files.writeString(exp.resolve("run=0.json"), Json.COMPACT.writeValueAsString(run));
        assertThatThrownBy(() -> ImportedSweep.materialize(exp.getParent())).hasMessageContaining("holds aggregates only")
                .hasMessageContaining("add --save-detailed to the --bench-cmd");
        StringWriter err = new StringWriter();
        assertThat(cli(new StringWriter(), err, "report", exp.getParent().toString(), "-o", dir.resolve("x.html").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("holds aggregates only").doesNotContain("Exception");

        Path mixed = Files.createDirectories(dir.resolve("mixed"));
        ObjectNode a = (ObjectNode) Json.COMPACT.readTree(VLLM.toFile());
        a.put("max_concurrency", 1);
        a.put("request_rate", 2.0);
        ObjectNode b = a.deepCopy();
        b.put("max_concurrency", 4);
        b.put("request_rate", 8.0);
        Files.writeString(mixed.resolve("a.json"), Json.COMPACT.writeValueAsString(a));
        Files.writeString(mixed.resolve("b.json"), Json.COMPACT.writeValueAsString(b));
        assertThatThrownBy(() -> ImportedSweep.scan(mixed)).hasMessageContaining("vary both max_concurrency and request_rate");
    }

    @Test
    void infergatesOwnResults_areNeverTakenForAnotherToolsSweep() throws IOException {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.writeString(run.resolve("run.json"), "{}");
        Files.copy(VLLM, run.resolve("vllm.json"));

        assertThat(ImportedSweep.scan(run)).isEmpty();
        assertThat(ImportedSweep.isSweep(run)).isFalse();
    }
}
