package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.cli.Main;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code accept --baseline-import}: a baseline read from each peer tool's result file (written here by hand from
 * the tool's documented schema) or an infergate run, against a simulated candidate on loopback, end to end.
 */
class ImportedBaselineTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int N = 60;

    @TempDir
    Path dir;
    private SimServer candidate;

    @BeforeEach
    void start() throws IOException {
        String yaml;
        try (InputStream in = SimProfile.class.getResourceAsStream("/sim-profiles/baseline.yaml")) {
            yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Path file = Files.writeString(dir.resolve("sim.yaml"), yaml.replaceFirst("step_overhead_us: 6000", "step_overhead_us: 500"));
        candidate = SimServer.start(SimProfile.load(file), "127.0.0.1", 0, 1);
    }

    @AfterEach
    void stop() {
        candidate.close();
    }

    private record Outcome(int code, String out, String err, JsonNode acceptance, Path dir) {}

    private Outcome accept(String loads, String... extra) throws IOException {
        Path plan = Files.writeString(dir.resolve("plan.yaml"), """
                baseline: {url: 'http://127.0.0.1:9/v1'}
                candidate: {url: '%s'}
                matrix: {workloads: [short-chat], prefixes: [fresh], loads: %s}
                repeats: 2
                requests: 20
                warmup: 1
                tokenizer: cl100k_base
                slo: {ttft: 1s}
                burst: {multiplier: 3, before: 500ms, during: 500ms, after: 500ms}
                criteria:
                  ttft.p95: {max_regression: 900%%}
                  ttft_from_scheduled.p95: {max_regression: 50%%}
                """.formatted(candidate.baseUrl(), loads));
        Path out = dir.resolve("result-" + System.nanoTime());
        List<String> args = new ArrayList<>(List.of("accept", plan.toString(), "--out", out.toString()));
        args.addAll(List.of(extra));
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = Main.execute(args.toArray(String[]::new), new PrintWriter(o, true), new PrintWriter(e, true));
        Path json = out.resolve("acceptance.json");
        return new Outcome(code, o.toString(), e.toString(), Files.exists(json) ? JSON.readTree(json.toFile()) : null, out);
    }

    /** The judgement of {@code criterion} in the one compared condition. */
    private static JsonNode criterion(JsonNode acceptance, String criterion) {
        JsonNode conditions = acceptance.at("/comparison/conditions");
        assertThat(conditions).as("compared conditions").hasSize(1);
        for (JsonNode c : conditions.get(0).get("criteria")) {
            if (c.get("criterion").asText().startsWith(criterion + " ")) {
                return c;
            }
        }
        throw new AssertionError("no criterion " + criterion + " in " + conditions);
    }

    @Test
    void vllm_baselineImported_onlyTheCandidateRuns_inTheConditionAtTheImportsConcurrency() throws IOException {
        Path vllm = vllm(8);

        Outcome r = accept("{c2: {concurrency: 2}, c8: {concurrency: 8}, near: {fraction: 0.8}}",
                "--baseline-import", vllm.toString());

        assertThat(r.code()).as(r.err()).isEqualTo(4); // the criterion the import cannot support stays undecided
        assertThat(r.err()).contains("[1/2] candidate short-chat/fresh/c8 repeat 1", "[2/2] candidate short-chat/fresh/c8 repeat 2")
                .doesNotContain("baseline short-chat", "capacity ", "burst ");
        assertThat(r.acceptance().at("/comparison/conditions/0/condition").asText()).isEqualTo("short-chat/fresh/c8");
        JsonNode ttft = criterion(r.acceptance(), "ttft.p95");
        assertThat(ttft.get("verdict").asText()).as("judged on the imported requests: " + ttft).isEqualTo("pass");
        JsonNode scheduled = criterion(r.acceptance(), "ttft_from_scheduled.p95");
        assertThat(scheduled.get("verdict").asText()).isEqualTo("inconclusive");
        assertThat(scheduled.get("note").asText()).isEqualTo("the vLLM result has no scheduled start per request (it"
                + " records when each was sent): no ttft_from_scheduled for the baseline");
        String caveats = r.acceptance().get("caveats").toString();
        assertThat(caveats).contains("the baseline was not measured (imported from vllm (" + vllm + ")), so these were"
                + " skipped: the capacity search, the burst, interleaved repeats and paired statistics")
                .contains("not compared: short-chat/fresh/c2 (the vLLM result holds no run of it)")
                .contains("not compared: short-chat/fresh/near (its load is a share of the baseline's capacity, and an"
                        + " import has no capacity search)");
        assertThat(r.out()).contains("not compared: short-chat/fresh/c2");
        assertThat(Files.readString(r.dir().resolve("acceptance.md"))).contains("no ttft_from_scheduled for the baseline");
        assertThat(Files.readString(r.dir().resolve("baseline/short-chat/fresh/c8/r1/run.json")))
                .contains("\"imported\"");
        StringWriter again = new StringWriter();
        assertThat(Main.execute(new String[] {"compare", r.dir().toString()}, new PrintWriter(again, true),
                new PrintWriter(new StringWriter(), true))).as("compare OUT re-judges from the directories alone (its own default"
                + " criteria: the simulated candidate is far slower than the file)").isIn(1, 4);
        assertThat(again.toString()).contains("baseline imported from vllm (" + vllm + ")", "short-chat/fresh/c8: ");
    }

    @Test
    void aiperf_records_standForThePlansOnlyConditionThatCanBeRun() throws IOException {
        Path records = Files.createDirectories(dir.resolve("artifacts")).resolve("profile_export.jsonl");
        Files.writeString(records, aiperfRecords());

        Outcome r = accept("{c4: {concurrency: 4}, near: {fraction: 0.8}}", "--baseline-import", records.toString());

        assertThat(r.code()).as(r.err()).isEqualTo(4);
        assertThat(criterion(r.acceptance(), "ttft.p95").get("verdict").asText()).isEqualTo("pass");
        assertThat(criterion(r.acceptance(), "ttft_from_scheduled.p95").get("note").asText())
                .startsWith("the AIPerf result has no scheduled start per request");
        assertThat(r.acceptance().get("caveats").toString()).contains("baseline imported from aiperf");
    }

    @Test
    void guidellm_planKeyImport_sampledRequests_saySo() throws IOException {
        Path file = Files.writeString(dir.resolve("benchmarks.json"), guidellm());
        Path plan = dir.resolve("plan.yaml");
        Outcome bad = accept("{c4: {concurrency: 4}}", "--until-decided", "--baseline-import", file.toString());
        assertThat(bad.code()).isEqualTo(2); // writes the plan; --until-decided cannot add baseline repeats
        assertThat(bad.err()).contains("--until-decided adds interleaved repeats to both sides");
        Files.writeString(plan, Files.readString(plan).replace("baseline: {url: 'http://127.0.0.1:9/v1'}",
                "baseline: {import: '" + file + "', labels: {engine: old}}"));
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        Path out = dir.resolve("g");
        int code = Main.execute(new String[] {"accept", plan.toString(), "--out", out.toString()}, new PrintWriter(o, true),
                new PrintWriter(e, true));

        assertThat(code).as(e.toString()).isEqualTo(4);
        JsonNode doc = JSON.readTree(out.resolve("acceptance.json").toFile());
        assertThat(doc.get("caveats").toString()).contains("guidellm kept only a sample of the requests");
        assertThat(criterion(doc, "ttft_from_scheduled.p95").get("note").asText())
                .startsWith("the guidellm result has no scheduled start per request");
        assertThat(Files.readString(out.resolve("baseline/short-chat/fresh/c4/r1/run.json"))).contains("\"engine\" : \"old\"");
    }

    @Test
    void anInfergateRun_asTheBaseline_isComparedUnpaired_withEveryCriterionJudged() throws IOException {
        Outcome first = accept("{c4: {concurrency: 4}}", "--baseline-import", vllm(4).toString());
        Path run = first.dir().resolve("candidate/short-chat/fresh/c4/r1");

        Outcome r = accept("{c4: {concurrency: 4}}", "--baseline-import", run.toString());

        assertThat(r.code()).as(r.err()).isIn(0, 1, 4); // 20 requests a side may not settle 50 %: not the point here
        JsonNode scheduled = criterion(r.acceptance(), "ttft_from_scheduled.p95");
        assertThat(scheduled.path("note").asText("")).as("an infergate run lacks nothing").doesNotContain("for the baseline");
        JsonNode figure = null;
        for (JsonNode f : r.acceptance().at("/comparison/conditions/0/figures")) {
            figure = f.get("statistic").asText().equals("ttft_from_scheduled.p95") ? f : figure;
        }
        assertThat(figure).isNotNull();
        assertThat(figure.get("baseline").asDouble()).as("the baseline's own figure: " + figure).isPositive();
        assertThat(figure.get("delta_ci")).as("an interval: " + figure).hasSize(2);
        assertThat(r.acceptance().get("caveats").toString()).contains("baseline imported from infergate (" + run + ")")
                .contains("compared unpaired");
    }

    @Test
    void vllmAggregatesOnly_aPlanWithoutBaseline_judgesTheCandidateAgainstTheFilesValues() throws IOException {
        Path file = Files.writeString(dir.resolve("vllm-aggregate.json"), """
                {"endpoint_type": "openai-chat", "model_id": "m", "num_prompts": 600, "request_rate": "inf",
                 "max_concurrency": 4, "duration": 20.0, "completed": 600, "failed": 0, "request_throughput": 30.0,
                 "output_throughput": 120.0, "mean_ttft_ms": 1500.0, "median_ttft_ms": 1500.0, "p95_ttft_ms": 2000.0,
                 "p99_ttft_ms": 2200.0, "mean_e2el_ms": 80.0, "median_e2el_ms": 80.0, "p99_e2el_ms": 95.0}
                """);
        Path plan = Files.writeString(dir.resolve("plan.yaml"), """
                candidate: {url: '%s'}
                matrix: {workloads: [short-chat], prefixes: [fresh], loads: {c4: {concurrency: 4}}}
                repeats: 2
                requests: 20
                warmup: 1
                tokenizer: cl100k_base
                criteria:
                  ttft.p95: {max_regression: 50%%}
                  ttft.p90: {max_regression: 50%%}
                """.formatted(candidate.baseUrl())); // a slow baseline: the verdict holds on a loaded machine
        Path out = dir.resolve("agg");
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = Main.execute(new String[] {"accept", plan.toString(), "--baseline-import", file.toString(), "--out",
                out.toString()}, new PrintWriter(o, true), new PrintWriter(e, true));

        assertThat(code).as(e.toString()).isEqualTo(4); // ttft.p90 is not in the file: not judged
        JsonNode doc = JSON.readTree(out.resolve("acceptance.json").toFile());
        JsonNode p95 = criterion(doc, "ttft.p95");
        assertThat(p95.get("verdict").asText()).as(p95.toString()).isEqualTo("pass");
        assertThat(criterion(doc, "ttft.p90").get("note").asText()).isEqualTo("not judged: the baseline has no per-request"
                + " data and " + file + " carries no ttft.p90");
        assertThat(doc.get("caveats").toString()).contains("holds aggregates only (no per-request values)");
        assertThat(Files.exists(out.resolve("baseline/short-chat/fresh/c4/r1/aggregate.json"))).isTrue();
        assertThat(e.toString()).doesNotContain("report could not be written");
        assertThat(Files.readString(out.resolve("report.html"))).as("the page renders the candidate and says why the"
                + " baseline is not drawn").contains("holds aggregates only (no per-request values): its figures are in the comparison");
        StringWriter again = new StringWriter();
        assertThat(Main.execute(new String[] {"compare", out.toString()}, new PrintWriter(again, true),
                new PrintWriter(new StringWriter(), true))).as("compare OUT re-reads the aggregate").isIn(0, 1, 4);
        assertThat(again.toString()).contains("holds aggregates only");
    }

    @Test
    void theFlagAndThePlansImport_disagreeing_isOneLine() throws IOException {
        Path a = Files.writeString(dir.resolve("a.json"), "{}");
        Path plan = Files.writeString(dir.resolve("plan.yaml"), "baseline: {import: '" + dir.resolve("b.json") + "'}\n"
                + "candidate: {url: '" + candidate.baseUrl() + "'}\n");
        StringWriter e = new StringWriter();
        int code = Main.execute(new String[] {"accept", plan.toString(), "--baseline-import", a.toString(), "--out",
                dir.resolve("x").toString()}, new PrintWriter(new StringWriter(), true), new PrintWriter(e, true));
        assertThat(code).isEqualTo(2);
        assertThat(e.toString().strip()).doesNotContain("\n").contains("but --baseline-import says " + a);
        AcceptPlan same = PlanReader.read("plan.yaml", "baseline: {import: 'x/../a.json', labels: {engine: old}}\n"
                + "candidate: http://127.0.0.1:9/v1\n", Path.of("a.json"));
        assertThat(same.baseline().labels()).containsEntry("engine", "old");
        AcceptPlan none = PlanReader.read("plan.yaml", "candidate: http://127.0.0.1:9/v1\n", Path.of("a.json"));
        assertThat(none.baseline().importFile()).isEqualTo(Path.of("a.json"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PlanReader.read("plan.yaml",
                "candidate: http://127.0.0.1:9/v1\n")).hasMessageContaining("needs a 'baseline' endpoint");
    }

    @Test
    void badImports_oneLine_usageExitCode() throws IOException {
        Outcome missing = accept("{c4: {concurrency: 4}}", "--baseline-import", dir.resolve("nope.json").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err().strip()).doesNotContain("\n").contains("the baseline import " + dir.resolve("nope.json")
                + " does not exist");

        Path junk = Files.writeString(dir.resolve("junk.json"), "{\"hello\": 1}");
        Outcome unknown = accept("{c4: {concurrency: 4}}", "--baseline-import", junk.toString());
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err().strip()).doesNotContain("\n").contains("is neither an infergate run directory nor a result");

        Outcome onlyFractions = accept("{near: {fraction: 0.8}}", "--baseline-import", vllm(8).toString());
        assertThat(onlyFractions.code()).isEqualTo(2);
        assertThat(onlyFractions.err().strip()).doesNotContain("\n").contains("no condition of the plan can be compared");
    }

    @Test
    void planImport_onTheCandidate_isRefusedWithTheLine() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PlanReader.read("plan.yaml",
                "baseline: {url: 'http://127.0.0.1:9/v1'}\ncandidate: {import: old.json}\n"))
                .hasMessageContaining("only the baseline can be imported");
        AcceptPlan plan = PlanReader.read("plan.yaml", "baseline: {import: old.json}\ncandidate: http://127.0.0.1:9/v1\n");
        assertThat(plan.baseline().importFile()).isEqualTo(Path.of("old.json"));
        assertThat(plan.baseline().url()).isNull();
    }

    /** A vLLM 'bench serve --save-result --save-detailed' file: its documented keys, seconds in the arrays. */
    private Path vllm(int maxConcurrency) throws IOException {
        SplittableRandom random = new SplittableRandom(3);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("endpoint_type", "openai-chat");
        m.put("model_id", "m");
        m.put("num_prompts", N);
        m.put("request_rate", "inf");
        m.put("max_concurrency", maxConcurrency);
        List<Object> ttfts = new ArrayList<>(), itls = new ArrayList<>(), latencies = new ArrayList<>(),
                starts = new ArrayList<>(), errors = new ArrayList<>(), in = new ArrayList<>(), outLens = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            double ttft = (40 + 20 * random.nextDouble()) / 1e3;
            ttfts.add(ttft);
            itls.add(List.of(0.01, 0.01, 0.01));
            latencies.add(ttft + 0.03);
            starts.add(1000.0 + i * 0.02);
            errors.add("");
            in.add(100);
            outLens.add(4);
        }
        m.put("completed", N);
        m.put("failed", 0);
        m.put("mean_ttft_ms", 50.0);
        m.put("input_lens", in);
        m.put("output_lens", outLens);
        m.put("ttfts", ttfts);
        m.put("itls", itls);
        m.put("latencies", latencies);
        m.put("start_times", starts);
        m.put("errors", errors);
        Path file = dir.resolve("vllm-c" + maxConcurrency + ".json");
        JSON.writeValue(file.toFile(), m);
        return file;
    }

    /** AIPerf's profile_export.jsonl: one record per line, metrics with value and unit, times in epoch ns. */
    private static String aiperfRecords() {
        StringBuilder sb = new StringBuilder();
        long epoch = 1_759_813_207_532_900_363L;
        for (int i = 0; i < N; i++) {
            long start = epoch + i * 20_000_000L;
            double ttft = 40 + i % 20;
            sb.append(String.format(Locale.ROOT, "{\"metadata\":{\"session_num\":%d,\"x_request_id\":\"r%d\","
                    + "\"turn_index\":0,\"request_start_ns\":%d,\"request_ack_ns\":%d,\"request_end_ns\":%d,"
                    + "\"worker_id\":\"w\",\"benchmark_phase\":\"profiling\",\"was_cancelled\":false},\"metrics\":{"
                    + "\"input_sequence_length\":{\"value\":100,\"unit\":\"tokens\"},"
                    + "\"time_to_first_token\":{\"value\":%s,\"unit\":\"ms\"},"
                    + "\"request_latency\":{\"value\":%s,\"unit\":\"ms\"},"
                    + "\"inter_chunk_latency\":{\"value\":[10.0,10.0,10.0],\"unit\":\"ms\"},"
                    + "\"output_sequence_length\":{\"value\":4,\"unit\":\"tokens\"}},\"error\":null}%n", i, i, start,
                    start + 1_000_000L, start + Math.round((ttft + 30) * 1e6), ttft, ttft + 30));
        }
        return sb.toString();
    }

    /** guidellm's benchmarks.json with one benchmark whose request lists hold a sample of request_totals. */
    private static String guidellm() {
        StringBuilder ok = new StringBuilder();
        for (int i = 0; i < N; i++) {
            double start = 1_764_000_000.0 + i * 0.02;
            double first = start + 0.04 + (i % 20) / 1000.0;
            ok.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "{\"request_id\":\"%d\",\"prompt_tokens\":100,"
                    + "\"output_tokens\":4,\"start_time\":%.6f,\"end_time\":%.6f,\"first_token_time\":%.6f,"
                    + "\"last_token_time\":%.6f}", i, start, first + 0.031, first, first + 0.03));
        }
        return "{\"benchmarks\":[{\"type_\":\"generative_benchmark\",\"args\":{\"strategy\":{\"type_\":\"concurrent\","
                + "\"streams\":4}},\"request_totals\":{\"successful\":600,\"errored\":0,\"incomplete\":0,\"total\":600},"
                + "\"requests\":{\"successful\":[" + ok + "],\"errored\":[],\"incomplete\":[]}}]}";
    }
}
