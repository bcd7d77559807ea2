package dev.infergate.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.cli.Main;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.ItlCodec;
import dev.infergate.record.RecordCodec;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Aggregate-only result files (vLLM {@code --save-result} without {@code --save-detailed}, AIPerf's
 * {@code profile_export_aiperf.json}), written here by hand from each tool's documented keys: they import as a
 * baseline of point values, the candidate's interval is judged against them (widened by the run-to-run allowance),
 * a figure the file lacks is not judged, and commands that need requests refuse them in one line.
 */
class AggregateImportTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long MS = 1_000_000L;
    private static final int N = 300;

    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {}

    private static Result cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    /** An infergate run of N requests: TTFT uniform in [0.8, 1.2] x ttftMs, 20 gaps of 8-12 ms, none failed. */
    private Path run(String name, double ttftMs, long seed) throws IOException {
        return run(name, ttftMs, seed, 0);
    }

    /** As above; {@code lagMs} > 0: the client fell that far behind its schedule on every request. */
    private Path run(String name, double ttftMs, long seed, long lagMs) throws IOException {
        Path run = Files.createDirectories(dir.resolve(name));
        Files.writeString(run.resolve("run.json"), "{\"schema\":\"infergate.run/1\",\"model\":\"m\",\"api\":\"chat\","
                + "\"load\":{\"mode\":\"closed\",\"concurrency\":8},\"ended_at\":\"2026-12-04T08:00:00Z\"}");
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < N; i++) {
            long sent = i * 25 * MS;
            long ttft = Math.round(ttftMs * (0.8 + 0.4 * random.nextDouble()) * MS);
            long[] offsets = new long[21];
            int[] gapsMicros = new int[20];
            offsets[0] = ttft;
            for (int g = 1; g < offsets.length; g++) {
                offsets[g] = offsets[g - 1] + Math.round((8 + 4 * random.nextDouble()) * MS);
                gapsMicros[g - 1] = (int) ((offsets[g] - offsets[g - 1]) / 1000);
            }
            long last = sent + offsets[20];
            sb.append(RecordCodec.toJson(RequestRecord.builder(i).scheduledNanos(sent).sentNanos(sent)
                    .headersNanos(sent + MS).firstTokenNanos(sent + ttft).lastTokenNanos(last).doneNanos(last + MS)
                    .status(200).error((ErrorClass) null).inputTokens(100).outputTokens(21)
                    .outputTokensSource(TokenSource.USAGE).chunks(21).maxStallNanos(12 * MS)
                    .itlHistogram(new ItlCodec().encode(gapsMicros, 20)).eventOffsetsNanos(offsets)
                    .clientRetryDelayNanos(0).intendedInputTokens(100).slotNanos(sent)
                    .dispatchNanos(lagMs > 0 ? sent + lagMs * MS : RequestRecord.ABSENT).connectWaitNanos(0).build())).append('\n');
        }
        Files.writeString(run.resolve("requests.jsonl"), sb.toString());
        return run;
    }

    /** vLLM 'bench serve --save-result' (no --save-detailed): flat aggregate keys, ms, default percentile 99. */
    private Path vllm(double ttftP99Ms) throws IOException {
        return vllm(ttftP99Ms, 1497);
    }

    private Path vllm(double ttftP99Ms, int completed) throws IOException {
        Path file = dir.resolve(completed == 1497 ? "aggregate.json" : "few.json"); // aggregate.json: the name of the import's own file must not confuse it
        Files.writeString(file, """
                {"date": "20261204-080000", "endpoint_type": "openai-chat", "label": null, "model_id": "m",
                 "tokenizer_id": "m", "num_prompts": %d, "request_rate": "inf", "burstiness": 1.0,
                 "max_concurrency": 8, "duration": 7.5, "completed": %d, "failed": 3,
                 "total_input_tokens": 29700, "total_output_tokens": 6237, "request_throughput": 39.6,
                 "request_goodput": null, "output_throughput": 831.6, "total_token_throughput": 4791.6,
                 "mean_ttft_ms": 100.0, "median_ttft_ms": 100.0, "std_ttft_ms": 11.5, "p99_ttft_ms": %s,
                 "mean_tpot_ms": 10.0, "median_tpot_ms": 10.0, "std_tpot_ms": 0.3, "p99_tpot_ms": 10.8,
                 "mean_itl_ms": 10.0, "median_itl_ms": 10.0, "std_itl_ms": 1.2, "p99_itl_ms": 11.9,
                 "mean_e2el_ms": 301.0, "median_e2el_ms": 301.0, "std_e2el_ms": 12.0, "p99_e2el_ms": 330.0}
                """.formatted(completed + 3, completed, ttftP99Ms));
        return file;
    }

    @Test
    void vllmAggregates_judgeTheCandidatesIntervalAgainstTheFilesValue_andSayWhatTheyCannotJudge() throws IOException {
        Path cand = run("cand", 100, 1);
        Path criteria = Files.writeString(dir.resolve("criteria.yaml"),
                "ttft.p99: {max_regression: 30%}\ne2e.mean: {max_regression: 30%}\n");
        Result same = cli("compare", vllm(119).toString(), cand.toString(), "--criteria", criteria.toString(),
                "--out", dir.resolve("same").toString());
        assertThat(same.err()).isEmpty();
        assertThat(same.code()).as(same.out()).isEqualTo(0);
        assertThat(same.out()).contains("holds aggregates only (no per-request values)",
                "judged by the candidate's interval against the baseline's value, its half-width grown by sqrt(1 +"
                + " n_candidate / n_baseline) for the baseline's own sampling error, then widened by the 15 % run-to-run"
                + " allowance");
        JsonNode cmp = JSON.readTree(dir.resolve("same/comparison.json").toFile());
        JsonNode p99 = estimate(cmp, "ttft.p99");
        assertThat(p99.get("baseline").asDouble()).isEqualTo(119.0); // the file's figure, as it is
        assertThat(estimate(cmp, "e2e.mean").get("baseline").asDouble()).isEqualTo(301.0);
        assertThat(estimate(cmp, "errors.rate").get("baseline").asDouble()).isCloseTo(0.002, within(1e-12));
        assertThat(estimate(cmp, "ttft.p95").get("baseline").isNull()).as("not carried, not invented").isTrue();
        assertThat(estimate(cmp, "goodput.requests_per_s").get("baseline").isNull()).as("vLLM's goodput rests on its own SLOs").isTrue();

        Result slower = cli("compare", vllm(40).toString(), cand.toString(), "--criteria", criteria.toString());
        assertThat(slower.code()).as("candidate p99 ~120 ms against 40 ms: " + slower.out()).isEqualTo(1);

        Path p95 = Files.writeString(dir.resolve("p95.yaml"), "ttft.p95: {max_regression: 30%}\n");
        Result unjudged = cli("compare", vllm(119).toString(), cand.toString(), "--criteria", p95.toString());
        assertThat(unjudged.code()).isEqualTo(4);
        assertThat(unjudged.out()).contains("not judged, the baseline's file carries no such figure (inconclusive, not"
                + " passed): ttft.p95");

        Result few = cli("compare", vllm(119, 297).toString(), cand.toString(), "--criteria", criteria.toString(),
                "--out", dir.resolve("few").toString());
        assertThat(few.code()).as("a p99 of 297 requests is no point value: " + few.out()).isEqualTo(4);
        assertThat(JSON.readTree(dir.resolve("few/comparison.json").toFile()).at("/conditions/0/criteria/0/note").asText())
                .isEqualTo("not judged: the baseline's ttft.p99 rests on 297 requests, too few for a tail percentile"
                        + " (fewer than 10 beyond it), and without its requests its noise cannot be resampled");
    }

    @Test
    void aTightThresholdBelowTheAllowance_isNeverPassedAgainstAnAggregate() throws IOException {
        Path cand = run("cand", 100, 2);
        Path criteria = Files.writeString(dir.resolve("c.yaml"), "ttft.p99: {max_regression: 5%}\n");
        Result r = cli("compare", vllm(119).toString(), cand.toString(), "--criteria", criteria.toString(), "--out",
                dir.resolve("tight").toString());
        assertThat(r.code()).as("the allowance is the only room for the baseline's own noise: " + r.out()).isEqualTo(4);
        JsonNode judged = JSON.readTree(dir.resolve("tight/comparison.json").toFile()).at("/conditions/0/criteria/0");
        assertThat(judged.get("note").asText()).as("no advice the import cannot follow").endsWith("the imported side cannot"
                + " add runs; only an import of 3+ runs would").doesNotContain("until-decided");
        Result exact = cli("compare", vllm(119).toString(), cand.toString(), "--criteria", criteria.toString(),
                "--run-to-run-allowance", "0");
        assertThat(exact.out()).contains("with no run-to-run allowance (0): no room for drift between runs");
    }

    @Test
    void aClientLimitedCandidate_isJudged_itsLatenessBoundingOnlyWhatItCouldHaveAdded() throws IOException {
        // the candidate's client lagged 50 ms: that can only have made the candidate look slower, so its pass stands
        Path limited = run("limited", 100, 6, 50);
        Path criteria = Files.writeString(dir.resolve("c.yaml"), "e2e.mean: {max_regression: 30%}\n");
        Result r = cli("compare", vllm(119).toString(), limited.toString(), "--criteria", criteria.toString());
        assertThat(r.code()).as(r.out()).isEqualTo(0);
        assertThat(r.out()).contains("late runs: 1 of 1 candidate run(s) had a client behind its schedule");
        Result fine = cli("compare", vllm(119).toString(), run("fine", 100, 6).toString(), "--criteria", criteria.toString());
        assertThat(fine.code()).as("the same run without lag: " + fine.out()).isEqualTo(0);
    }

    @Test
    void aiperfAggregate_importsItsDocumentedMetrics_inTheirUnits() throws IOException {
        Path file = dir.resolve("profile_export_aiperf.json");
        Files.writeString(file, """
                {"request_throughput": {"unit": "requests/sec", "avg": 39.5},
                 "request_latency": {"unit": "ms", "avg": 301.0, "p50": 300.0, "p90": 320.0, "p95": 325.0, "p99": 331.0,
                                     "min": 250.0, "max": 340.0, "std": 12.0},
                 "time_to_first_token": {"unit": "s", "avg": 0.1, "p50": 0.1, "p95": 0.116, "p99": 0.119},
                 "inter_token_latency": {"unit": "ms", "avg": 10.0, "p50": 10.0, "p99": 10.8},
                 "output_token_throughput": {"unit": "tokens/sec", "avg": 830.0},
                 "output_sequence_length": {"unit": "tokens", "avg": 21.0, "p50": 21.0},
                 "benchmark_duration": {"unit": "sec", "avg": 7.6}, "request_count": {"unit": "requests", "avg": 300.0},
                 "error_summary": [], "input_config": {"loadgen": {"concurrency": 8}}}
                """);
        Path cand = run("cand", 100, 3);
        Path criteria = Files.writeString(dir.resolve("c.yaml"),
                "ttft.p95: {max_regression: 30%}\ntpot.p50: {max_regression: 30%}\ne2e.p90: {max_regression: 30%}\n");
        Result r = cli("compare", file.toString(), cand.toString(), "--criteria", criteria.toString(),
                "--out", dir.resolve("cmp").toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).as(r.out()).isEqualTo(0);
        JsonNode cmp = JSON.readTree(dir.resolve("cmp/comparison.json").toFile());
        assertThat(estimate(cmp, "ttft.p95").get("baseline").asDouble()).isCloseTo(116.0, within(1e-9)); // s -> ms
        assertThat(estimate(cmp, "tpot.p50").get("baseline").asDouble()).isEqualTo(10.0);
        assertThat(estimate(cmp, "throughput.output_tokens_per_s").get("baseline").asDouble()).isEqualTo(830.0);
        assertThat(r.out()).contains("baseline imported from aiperf (" + file + ") holds aggregates only");
    }

    @Test
    void anAggregate_isRefusedAsCandidate_andByCommandsThatNeedRequests() throws IOException {
        Path cand = run("cand", 100, 4);
        Path vllm = vllm(119);
        Result asCandidate = cli("compare", cand.toString(), vllm.toString());
        assertThat(asCandidate.code()).isEqualTo(2);
        assertThat(asCandidate.err().strip()).doesNotContain("\n").contains("can be the baseline, never the candidate");
        Result report = cli("report", vllm.toString(), cand.toString(), "-o", dir.resolve("r.html").toString());
        assertThat(report.code()).isEqualTo(2);
        assertThat(report.err().strip()).doesNotContain("\n").contains("holds aggregates only (no per-request values)");
        Result summarize = cli("summarize", vllm.toString());
        assertThat(summarize.code()).isEqualTo(2);
    }

    @Test
    void anInfergateRunExportedAsVllmAggregates_reimportsWithTheFilesFigureForEveryKeyItMaps() throws IOException {
        Path run = run("run", 100, 5);
        Path file = dir.resolve("exported.json");
        Result export = cli("export", run.toString(), "--format", "vllm", "--out", file.toString());
        assertThat(export.code()).as(export.err()).isEqualTo(0);
        JsonNode vllm = JSON.readTree(file.toFile());
        assertThat(vllm.has("ttfts")).as("no --detail: aggregates only").isFalse();
        Result r = cli("compare", file.toString(), run.toString(), "--out", dir.resolve("rt").toString());
        assertThat(r.err()).isEmpty();
        JsonNode cmp = JSON.readTree(dir.resolve("rt/comparison.json").toFile());
        int checked = 0;
        for (String[] pair : new String[][] {{"ttft.mean", "mean_ttft_ms"}, {"ttft.p50", "median_ttft_ms"},
                {"ttft.p99", "p99_ttft_ms"}, {"tpot.p99", "p99_tpot_ms"}, {"e2e.p50", "median_e2el_ms"},
                {"e2e.p99", "p99_e2el_ms"}, {"throughput.requests_per_s", "request_throughput"},
                {"throughput.output_tokens_per_s", "output_throughput"}}) {
            if (!vllm.path(pair[1]).isNumber()) {
                continue;
            }
            JsonNode figure = null;
            for (JsonNode f : cmp.at("/conditions/0/figures")) {
                figure = f.path("statistic").asText().equals(pair[0]) ? f : figure;
            }
            if (figure == null) { // ttft.mean is shown only when a criterion names it
                continue;
            }
            assertThat(figure.get("baseline").asDouble()).as(pair[0] + " from " + pair[1])
                    .isCloseTo(vllm.get(pair[1]).asDouble(), within(1e-6 * Math.max(1, vllm.get(pair[1]).asDouble())));
            checked++;
        }
        assertThat(checked).as("keys compared").isGreaterThanOrEqualTo(6);
    }

    private static JsonNode estimate(JsonNode comparison, String statistic) {
        for (JsonNode e : comparison.at("/conditions/0/figures")) {
            if (e.path("statistic").asText().equals(statistic)) {
                return e;
            }
        }
        throw new AssertionError("no estimate " + statistic + " in " + comparison.at("/conditions/0"));
    }
}
