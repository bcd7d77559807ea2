package dev.infergate.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.analysis.Summarizer;
import dev.infergate.cli.Main;
import dev.infergate.record.RecordCodec;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Result files of vLLM, AIPerf and guidellm, written here by hand from each tool's documented schema, import,
 * compare and render; an infergate run exported as vLLM JSON re-imports with the same figures.
 */
class ImportTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long MS = 1_000_000L;
    private static final int N = 200;

    @TempDir
    Path dir;

    private static int cli(StringWriter out, StringWriter err, String... args) {
        return Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    /** An infergate run of N requests: TTFT ~ ttftMs, 20 gaps of 10 ms, one request in 20 failed. */
    private Path infergateRun(String name, double ttftMs, long seed) throws IOException {
        Path run = Files.createDirectories(dir.resolve(name));
        Files.writeString(run.resolve("run.json"), "{\"schema\":\"infergate.run/1\",\"model\":\"m\",\"api\":\"chat\","
                + "\"labels\":{\"engine\":\"vllm-0.9\"},\"load\":{\"mode\":\"closed\",\"concurrency\":8},"
                + "\"workload\":{\"preset\":\"short-chat\"},\"ended_at\":\"2026-12-04T08:00:00Z\"}");
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < N; i++) {
            long sent = i * 25 * MS;
            if (i % 20 == 7) {
                sb.append(RecordCodec.toJson(RequestRecord.builder(i).scheduledNanos(sent).sentNanos(sent)
                        .headersNanos(sent + MS).doneNanos(sent + 2 * MS).status(503)
                        .error(dev.infergate.record.ErrorClass.HTTP_5XX).errorDetail("busy").inputTokens(100).build())).append('\n');
                continue;
            }
            long ttft = Math.round((ttftMs * (0.8 + 0.4 * random.nextDouble())) * MS);
            long[] offsets = new long[21];
            offsets[0] = ttft;
            for (int g = 1; g < offsets.length; g++) {
                offsets[g] = offsets[g - 1] + Math.round((8 + 4 * random.nextDouble()) * MS);
            }
            int[] gapsMicros = new int[20];
            for (int g = 0; g < 20; g++) {
                gapsMicros[g] = (int) ((offsets[g + 1] - offsets[g]) / 1000);
            }
            long last = sent + offsets[20];
            sb.append(RecordCodec.toJson(RequestRecord.builder(i).scheduledNanos(sent).sentNanos(sent)
                    .headersNanos(sent + MS).firstTokenNanos(sent + ttft).lastTokenNanos(last).doneNanos(last + MS)
                    .status(200).inputTokens(100 + i % 7).outputTokens(21).outputTokensSource(TokenSource.USAGE)
                    .chunks(21).maxStallNanos(12 * MS)
                    .itlHistogram(new dev.infergate.record.ItlCodec().encode(gapsMicros, 20))
                    .eventOffsetsNanos(offsets).build())).append('\n');
        }
        Files.writeString(run.resolve("requests.jsonl"), sb.toString());
        return run;
    }

    /** A vLLM 'bench serve --save-result --save-detailed' file: its documented keys, seconds in the arrays. */
    private Path vllmFile(double ttftMs, long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("date", "20261204-080000");
        m.put("endpoint_type", "openai-chat");
        m.put("label", null);
        m.put("model_id", "m");
        m.put("num_prompts", N);
        m.put("request_rate", "inf");
        m.put("max_concurrency", 8);
        List<Object> inputLens = new ArrayList<>(), outputLens = new ArrayList<>(), ttfts = new ArrayList<>(),
                itls = new ArrayList<>(), latencies = new ArrayList<>(), starts = new ArrayList<>(), errors = new ArrayList<>();
        int completed = 0;
        for (int i = 0; i < N; i++) {
            starts.add(1000.0 + i * 0.025);
            inputLens.add(100);
            if (i % 25 == 3) {
                outputLens.add(0);
                ttfts.add(0.0);
                itls.add(List.of());
                latencies.add(0.0);
                errors.add("Internal Server Error");
                continue;
            }
            completed++;
            double ttft = ttftMs * (0.8 + 0.4 * random.nextDouble()) / 1e3;
            List<Double> gaps = new ArrayList<>();
            double sum = 0;
            for (int g = 0; g < 20; g++) {
                double gap = (8 + 4 * random.nextDouble()) / 1e3;
                gaps.add(gap);
                sum += gap;
            }
            outputLens.add(21);
            ttfts.add(ttft);
            itls.add(gaps);
            latencies.add(ttft + sum + 0.001);
            errors.add("");
        }
        m.put("duration", 5.2);
        m.put("completed", completed);
        m.put("failed", N - completed);
        m.put("mean_ttft_ms", ttftMs);
        m.put("p99_ttft_ms", ttftMs * 1.2);
        m.put("input_lens", inputLens);
        m.put("output_lens", outputLens);
        m.put("ttfts", ttfts);
        m.put("itls", itls);
        m.put("latencies", latencies);
        m.put("start_times", starts);
        m.put("errors", errors);
        Path file = dir.resolve("vllm-result.json");
        JSON.writeValue(file.toFile(), m);
        return file;
    }

    @Test
    void vllm_importsAsAFixedUnpairedBaseline_andSaysWhichCriteriaItCannotJudge() throws IOException {
        Path vllm = vllmFile(100, 1);
        Path cand = infergateRun("cand", 100, 2);
        Path criteria = Files.writeString(dir.resolve("criteria.yaml"),
                "ttft.p95: {max_regression: 50%}\nttft_from_scheduled.p95: {max_regression: 50%}\n");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = cli(out, err, "compare", vllm.toString(), cand.toString(), "--criteria", criteria.toString(),
                "--out", dir.resolve("cmp").toString());
        assertThat(err.toString()).isEmpty();
        assertThat(code).isEqualTo(4); // the unjudgeable criterion keeps it inconclusive
        String text = out.toString();
        assertThat(text).contains("fewer than 3 runs per side: ", "an imported side of one run cannot add runs, so more"
                + " candidate repeats do not lift the allowance").doesNotContain("(or accept --until-decided) measure it");
        assertThat(text).contains("baseline imported from vllm (" + vllm + "): a fixed baseline, nothing was probed,"
                + " interleaved or paired");
        assertThat(text).contains("not judged, the imported side's file lacks the figure (inconclusive, not passed): "
                + "ttft_from_scheduled.p95 max_regression 50%");
        JsonNode comparison = JSON.readTree(dir.resolve("cmp/comparison.json").toFile());
        JsonNode criteriaOut = comparison.at("/conditions/0/criteria");
        assertThat(criteriaOut.get(0).get("verdict").asText()).isEqualTo("pass"); // same TTFT: within 50 %
        assertThat(criteriaOut.get(1).get("verdict").asText()).isEqualTo("inconclusive");
        assertThat(comparison.at("/conditions/0/figures/0/baseline_n").asLong()).isEqualTo(N - N / 25);
    }

    @Test
    void anImportsOneCondition_isComparedWithTheOtherSidesOneCondition() throws IOException {
        Path vllm = vllmFile(100, 1);
        Path cand = infergateRun("cand", 100, 2);
        Files.writeString(cand.resolve("run.json"), Files.readString(cand.resolve("run.json"))
                .replace("\"ended_at\"", "\"condition\":\"short-chat/fresh/low\",\"ended_at\""));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = cli(out, err, "compare", vllm.toString(), cand.toString());
        assertThat(err.toString()).isEmpty();
        assertThat(code).isIn(0, 1, 4);
        assertThat(out.toString()).contains("the imported side's only condition (all) is compared with short-chat/fresh/low")
                .contains("short-chat/fresh/low: ");
    }

    @Test
    void vllm_summaryMarksWhatTheFileLacksAsMissing_andTheReportRenders() throws IOException {
        Path vllm = vllmFile(100, 1);
        Path imported = Imports.materialize(vllm);
        JsonNode run = JSON.readTree(imported.resolve("run.json").toFile());
        assertThat(run.at("/imported/tool").asText()).isEqualTo("vllm");
        assertThat(run.at("/imported/source").asText()).isEqualTo(vllm.toString());
        assertThat(run.at("/imported/sampled").asBoolean()).isFalse();
        dev.infergate.analysis.Summary summary = Summarizer.summarize(imported);
        JsonNode s = JSON.valueToTree(summary);
        assertThat(s.at("/latency_ms/ttft_from_scheduled/count").asInt()).isZero();
        assertThat(s.get("missing").toString()).contains("ttft_from_scheduled", "queue_wait");
        assertThat(s.at("/latency_ms/queue_wait/count").asInt()).isZero();
        assertThat(s.at("/latency_ms/ttft/count").asInt()).isEqualTo(N - N / 25);
        assertThat(s.at("/requests/failed").asInt()).isEqualTo(N / 25);
        assertThat(s.at("/errors/http_5xx").asInt()).isEqualTo(N / 25);
        Path html = dir.resolve("report.html");
        StringWriter err = new StringWriter();
        assertThat(cli(new StringWriter(), err, "report", vllm.toString(), infergateRun("cand", 120, 3).toString(),
                "-o", html.toString())).as(err.toString()).isZero();
        assertThat(Files.readString(html)).contains("imported from vllm (" + vllm + "): it does not carry ttft_from_scheduled");
    }

    @Test
    void aiperf_recordsImportCompareAndRender() throws IOException {
        StringBuilder sb = new StringBuilder();
        SplittableRandom random = new SplittableRandom(5);
        long epoch = 1_759_813_207_532_900_363L;
        for (int i = 0; i < N; i++) {
            long start = epoch + i * 25 * MS;
            if (i == 10) {
                sb.append(String.format(Locale.ROOT, "{\"metadata\":{\"session_num\":%d,\"x_request_id\":\"r%d\","
                        + "\"turn_index\":0,\"request_start_ns\":%d,\"request_ack_ns\":null,\"request_end_ns\":%d,"
                        + "\"worker_id\":\"w\",\"benchmark_phase\":\"profiling\",\"was_cancelled\":false},"
                        + "\"metrics\":{\"error_isl\":{\"value\":550,\"unit\":\"tokens\"}},\"error\":{\"code\":500,"
                        + "\"type\":\"ServerError\",\"message\":\"boom\"}}%n", i, i, start, start + 5 * MS));
                continue;
            }
            double ttft = 90 + 20 * random.nextDouble();
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
                    + "\"output_sequence_length\":{\"value\":9,\"unit\":\"tokens\"},"
                    + "\"inter_token_latency\":{\"value\":%s,\"unit\":\"ms\"}},\"error\":null}%n", i, i, start,
                    start + 5 * MS, start + Math.round((ttft + sum) * 1e6), ttft, ttft + sum, gaps, sum / 8));
        }
        Path artifacts = Files.createDirectories(dir.resolve("artifacts/my-run"));
        Files.writeString(artifacts.resolve("profile_export.jsonl"), sb.toString());
        ImportedRun run = Imports.read(artifacts);
        assertThat(run.records()).hasSize(N);
        RequestRecord first = run.records().get(0);
        assertThat(first.events().chunks()).isEqualTo(9);
        assertThat(first.events().eventOffsetsNanos()).hasSize(9);
        assertThat(run.records().get(10).outcome().error()).isEqualTo(dev.infergate.record.ErrorClass.HTTP_5XX);
        assertThat(run.records().get(10).outcome().errorDetail()).isEqualTo("ServerError: boom");
        StringWriter out = new StringWriter();
        int code = cli(out, new StringWriter(), "compare", artifacts.toString(), infergateRun("cand", 100, 7).toString());
        assertThat(code).isIn(0, 1, 4);
        assertThat(out.toString()).contains("baseline imported from aiperf");
        Path html = dir.resolve("aiperf.html");
        assertThat(cli(new StringWriter(), new StringWriter(), "report", artifacts.resolve("profile_export.jsonl").toString(),
                "-o", html.toString())).isZero();
        assertThat(html).exists();
    }

    @Test
    void guidellm_sampledRequests_importMarkedSampled_withThroughputMissing() throws IOException {
        StringBuilder ok = new StringBuilder();
        SplittableRandom random = new SplittableRandom(9);
        for (int i = 0; i < 40; i++) {
            double start = 1_764_000_000.0 + i * 0.1;
            double first = start + 0.09 + 0.02 * random.nextDouble();
            double last = first + 0.2;
            ok.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "{\"type_\":\"generative_text_response\","
                    + "\"request_id\":\"%d\",\"request_type\":\"chat_completions\",\"prompt_tokens\":128,"
                    + "\"output_tokens\":21,\"start_time\":%.6f,\"end_time\":%.6f,\"first_token_time\":%.6f,"
                    + "\"last_token_time\":%.6f,\"time_to_first_token_ms\":%.3f,\"time_per_output_token_ms\":%.3f}",
                    i, start, last + 0.001, first, last, (first - start) * 1e3, 200.0 / 21));
        }
        String benchmarks = "{\"benchmarks\":[{\"type_\":\"generative_benchmark\",\"run_id\":\"x\",\"args\":{\"strategy\":"
                + "{\"type_\":\"constant\",\"rate\":10.0}},\"request_totals\":{\"successful\":400,\"errored\":2,"
                + "\"incomplete\":0,\"total\":402},\"requests\":{\"successful\":[" + ok + "],\"errored\":[{"
                + "\"type_\":\"generative_text_error\",\"request_id\":\"e\",\"prompt_tokens\":128,\"output_tokens\":0,"
                + "\"start_time\":1764000000.05,\"end_time\":1764000000.06,\"error\":\"429 Too Many Requests\"}],"
                + "\"incomplete\":[]}}]}";
        Path file = Files.writeString(dir.resolve("benchmarks.json"), benchmarks);
        ImportedRun run = Imports.read(file);
        assertThat(run.imported().sampled()).isTrue();
        assertThat(run.imported().missing()).contains("throughput.output_tokens_per_s", "itl", "errors.rate");
        assertThat(run.records()).hasSize(41);
        // infergate's TPOT from guidellm's first and last token times: 200 ms / 20 gaps, not guidellm's 200/21
        assertThat(run.records().get(0).tpotNanos() / 1e6).isCloseTo(10.0, within(1e-3));
        assertThat(run.records().get(40).outcome().error()).isEqualTo(dev.infergate.record.ErrorClass.HTTP_429);
        dev.infergate.analysis.Summary summary = Summarizer.summarize(Imports.materialize(file));
        JsonNode s = JSON.valueToTree(summary);
        assertThat(s.get("missing").toString()).contains("throughput.output_tokens_per_s", "errors.rate");
        assertThat(dev.infergate.report.ConsoleSummary.render(summary)).contains("throughput: missing (")
                .doesNotContain("output tok/s ·");
        StringWriter out = new StringWriter();
        cli(out, new StringWriter(), "compare", file.toString(), infergateRun("cand", 100, 11).toString());
        assertThat(out.toString()).contains("guidellm kept only a sample of the requests");
        assertThat(cli(new StringWriter(), new StringWriter(), "report", file.toString(), "-o",
                dir.resolve("g.html").toString())).isZero();
    }

    @Test
    void guidellm04_timingsUnderInfo_import() throws IOException {
        String request = "{\"type_\":\"generative_request_stats\",\"request_id\":\"a\",\"info\":{\"timings\":{"
                + "\"request_start\":1764000000.0,\"first_token_iteration\":1764000000.1,\"last_token_iteration\":"
                + "1764000000.3,\"request_end\":1764000000.31,\"token_iterations\":21}},\"prompt_tokens\":128,"
                + "\"output_tokens\":21}";
        Path file = Files.writeString(dir.resolve("benchmarks.json"), "{\"benchmarks\":[{\"requests\":{\"successful\":["
                + request + "],\"errored\":[],\"incomplete\":[]}}]}");
        RequestRecord r = Imports.read(file).records().get(0);
        assertThat(r.ttftNanos() / 1e6).isCloseTo(100.0, within(1e-3)); // epoch seconds as doubles: ~0.1 µs
        assertThat(r.e2eNanos() / 1e6).isCloseTo(310.0, within(1e-3));
        assertThat(r.tpotNanos() / 1e6).isCloseTo(10.0, within(1e-3));
    }

    @Test
    void anInfergateRunExportedAsVllm_reimportsWithTheSameFiguresForEveryKey() throws IOException {
        Path run = infergateRun("run", 100, 13);
        Path first = dir.resolve("first.json");
        assertThat(cli(new StringWriter(), new StringWriter(), "export", run.toString(), "--format", "vllm", "--detail",
                "--out", first.toString())).isZero();
        Path reimported = Imports.materialize(first);
        Path second = dir.resolve("second.json");
        assertThat(cli(new StringWriter(), new StringWriter(), "export", reimported.toString(), "--format", "vllm",
                "--detail", "--out", second.toString())).isZero();
        JsonNode a = JSON.readTree(first.toFile());
        JsonNode b = JSON.readTree(second.toFile());
        int compared = 0;
        for (Iterator<String> it = a.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (List.of("date", "backend", "endpoint_type", "label", "model_id", "tokenizer_id", "request_rate",
                    "burstiness", "max_concurrency").contains(key)) {
                continue; // settings, not figures
            }
            assertSame(key, a.get(key), b.get(key));
            compared++;
        }
        assertThat(compared).isGreaterThan(40);
    }

    @Test
    void anInfergateRunExportedAsVllm_agreesWithItsOwnSummaryJson() throws IOException {
        Path run = infergateRun("run", 100, 17);
        Path file = dir.resolve("exported.json");
        assertThat(cli(new StringWriter(), new StringWriter(), "export", run.toString(), "--format", "vllm", "--out",
                file.toString())).isZero();
        JsonNode vllm = JSON.readTree(file.toFile());
        JsonNode summary = JSON.valueToTree(Summarizer.summarize(run));
        assertThat(vllm.get("completed").asInt()).isEqualTo(summary.at("/requests/succeeded").asInt(N - N / 20));
        // summary.json's percentiles come from an HdrHistogram (nearest rank, 3 significant digits), vLLM's from numpy
        // (linear between ranks): on these ~190 values, 40 ms wide, they agree within 1 %; a wrong rank, unit or
        // metric does not
        for (String[] pair : new String[][] {{"ttft", "ttft"}, {"e2el", "e2e"}}) {
            JsonNode ours = summary.at("/latency_ms/" + pair[1]);
            assertThat(vllm.get("mean_" + pair[0] + "_ms").asDouble()).as(pair[0] + " mean")
                    .isCloseTo(ours.get("mean").asDouble(), within(ours.get("mean").asDouble() * 1e-3)); // 3 digits
            assertThat(vllm.get("median_" + pair[0] + "_ms").asDouble()).as(pair[0] + " median")
                    .isCloseTo(ours.get("p50").asDouble(), within(ours.get("p50").asDouble() * 0.01));
            for (String p : new String[] {"90", "95", "99"}) {
                double expected = ours.get("p" + p).asDouble();
                assertThat(vllm.get("p" + p + "_" + pair[0] + "_ms").asDouble()).as(pair[0] + " p" + p)
                        .isCloseTo(expected, within(expected * 0.01));
            }
        }
    }

    private static void assertSame(String key, JsonNode a, JsonNode b) {
        assertThat(b).as(key).isNotNull();
        if (a.isNumber()) {
            assertThat(b.asDouble()).as(key).isCloseTo(a.asDouble(), within(Math.max(1e-9, Math.abs(a.asDouble()) * 1e-9)));
        } else if (a.isArray()) {
            assertThat(b.size()).as(key).isEqualTo(a.size());
            for (int i = 0; i < a.size(); i++) {
                assertSame(key + "[" + i + "]", a.get(i), b.get(i));
            }
        } else {
            assertThat(b).as(key).isEqualTo(a);
        }
    }
}
