package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code infergate accept} against two simulators on loopback, with a plan small enough for CI. */
class AcceptanceEndToEndTest {
    @TempDir
    Path dir;

    /** A bundled profile with a 12x cheaper step, so a 128-token answer takes ~0.1 s instead of ~0.8 s. */
    private SimProfile fast(String name) throws IOException {
        String yaml;
        try (InputStream in = SimProfile.class.getResourceAsStream("/sim-profiles/" + name + ".yaml")) {
            yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, yaml.replaceFirst("step_overhead_us: 6000", "step_overhead_us: 500"));
        return SimProfile.load(file);
    }

    @Test
    void accept_runsTheMatrixCapacityAndBurst_andWritesAVerdict() throws IOException {
        try (SimServer base = SimServer.start(fast("baseline"), "127.0.0.1", 0, 1);
                SimServer cand = SimServer.start(fast("candidate-fp8-kv"), "127.0.0.1", 0, 1)) {
            Path plan = Files.writeString(dir.resolve("plan.yaml"), """
                    baseline: {url: '%s', labels: {kv_cache: bf16}}
                    candidate: {url: '%s', labels: {kv_cache: fp8}}
                    matrix:
                      workloads: [short-chat]
                      prefixes: [fresh]
                      loads: {high: {fraction: 0.5}}
                    repeats: 2
                    requests: 10
                    warmup: 1
                    tokenizer: cl100k_base
                    slo: {ttft: 1s}
                    capacity: {start_rate: 4, duration: 1s, warmup: 0s, max_probes: 2, repeats: 1, tolerance: 50%%}
                    burst: {multiplier: 3, before: 500ms, during: 500ms, after: 500ms}
                    quality: {eval: arithmetic, items: 20, max_tokens: 8, concurrency: 8}
                    """.formatted(base.baseUrl(), cand.baseUrl()));
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            Path result = dir.resolve("result");

            int code = Main.execute(new String[] {"accept", plan.toString(), "--out", result.toString()},
                    new PrintWriter(out, true), new PrintWriter(err, true));

            assertThat(code).as(err.toString()).isIn(0, 1, 4);
            assertThat(err.toString()).contains("[1/4] baseline short-chat/fresh/high repeat 1",
                    "[4/4] baseline short-chat/fresh/high repeat 2", "capacity baseline:", "burst candidate:");
            assertThat(result.resolve("baseline/short-chat/fresh/high/r1/requests.jsonl")).exists();
            assertThat(result.resolve("candidate/short-chat/fresh/high/r2/summary.json")).exists();
            String json = Files.readString(result.resolve("acceptance.json"));
            assertThat(json).contains("\"schema\" : \"infergate.acceptance/1\"", "\"requests_per_hour\"", "\"per_second\"",
                    "\"condition\" : \"short-chat/fresh/high\"");
            String md = Files.readString(result.resolve("acceptance.md"));
            assertThat(json).contains("\"quality\" : {", "\"paired_items\" : 20");
            assertThat(result.resolve("quality/baseline/quality-items.jsonl")).exists();
            assertThat(md).startsWith("# Acceptance: ").contains("## Capacity at the SLO", "requests/hour", "## Burst", "## Quality",
                    "| kv_cache | bf16 | fp8 |", "## Matrix");
            assertThat(out.toString()).contains("VERDICT: ", "capacity: ", "burst baseline: ");

            StringWriter again = new StringWriter();
            int recompare = Main.execute(new String[] {"compare", result.toString(), "--resamples", "200"},
                    new PrintWriter(again, true), new PrintWriter(new StringWriter(), true));
            assertThat(recompare).isIn(0, 1, 4);
            assertThat(again.toString()).contains("short-chat/fresh/high")
                    .doesNotContain("capacity: ");
        }
    }

    @Test
    void accept_namesTheLineAndKeyOfAPlanMistake() throws IOException {
        Path plan = Files.writeString(dir.resolve("plan.yaml"), "baseline: http://127.0.0.1:1/v1\ncandidate: http://127.0.0.1:2/v1\n"
                + "matrix:\n  prefixes: [fresh, warm]\n");
        StringWriter err = new StringWriter();

        int code = Main.execute(new String[] {"accept", plan.toString()}, new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true));

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).startsWith("infergate: " + plan + " line 4, key matrix.prefixes[1]: unknown prefix mode 'warm'");
    }

    @Test
    void aCandidateThatAnswersWorse_isRejectedWhateverItsSpeed() throws IOException {
        try (SimServer base = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1);
                SimServer cand = SimServer.start(SimProfile.bundled("candidate-fp8-kv").withAnswerAccuracy(0.2), "127.0.0.1", 0, 1)) {
            Path plan = Files.writeString(dir.resolve("plan.yaml"), """
                    baseline: {url: '%s', labels: {kv_cache: bf16}}
                    candidate: {url: '%s', labels: {kv_cache: fp8}}
                    matrix: {workloads: [short-chat], prefixes: [fresh], loads: {one: {concurrency: 2}}}
                    repeats: 1
                    requests: 4
                    warmup: 0
                    tokenizer: cl100k_base
                    criteria: {errors.rate: {max: 50%%}}
                    capacity: false
                    burst: false
                    quality: {eval: arithmetic, items: 40, max_drop: 2%%, max_tokens: 8, concurrency: 8}
                    """.formatted(base.baseUrl(), cand.baseUrl()));
            StringWriter out = new StringWriter();
            int code = Main.execute(new String[] {"accept", plan.toString(), "--out", dir.resolve("r").toString()},
                    new PrintWriter(out, true), new PrintWriter(new StringWriter(), true));
            assertThat(code).as(out.toString()).isEqualTo(1);
            assertThat(out.toString()).contains("quality: arithmetic on 40 items", "-> FAIL", "OVERALL (speed and quality): REJECTED");
        }
    }
}
