package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.cli.Main;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code infergate accept} with plan sides on {@code api: responses} and {@code api: embeddings}, against the simulator. */
class AcceptMoreApisTest {
    @TempDir
    Path dir;

    private int accept(String plan, StringWriter out, StringWriter err) throws IOException {
        Path file = Files.writeString(dir.resolve("plan.yaml"), plan);
        return Main.execute(new String[] {"accept", file.toString(), "--out", dir.resolve("result").toString()},
                new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void responsesAgainstChat_onOneServer_comparesTokenTimes() throws IOException {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = accept("""
                    baseline: {url: '%s', api: chat}
                    candidate: {url: '%s', api: responses}
                    matrix: {workloads: [short-chat], prefixes: [fresh], loads: {low: {concurrency: 2}}}
                    repeats: 1
                    requests: 6
                    warmup: 0
                    capacity: {enabled: false}
                    burst: false
                    """.formatted(sim.baseUrl(), sim.baseUrl()), out, err);
            assertThat(code).as(err.toString()).isIn(0, 1, 4);
        }
        JsonNode run = new ObjectMapper().readTree(dir.resolve("result/candidate/short-chat/fresh/low/r1/summary.json").toFile());
        assertThat(run.path("run").path("api").asText()).isEqualTo("responses");
        assertThat(run.path("requests").path("completed").asInt()).isEqualTo(6);
        assertThat(run.path("latency_ms").path("ttft").path("count").asInt()).isEqualTo(6);
    }

    @Test
    void embeddings_judgeE2eAndThroughput_andNoTokenTimeCriterionIsLeftUndecided() throws IOException {
        StringWriter out = new StringWriter();
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter err = new StringWriter();
            int code = accept("""
                    baseline: {url: '%s', api: embeddings}
                    candidate: {url: '%s', api: embeddings}
                    matrix: {workloads: [short-chat], prefixes: [fresh], loads: {low: {concurrency: 2}}}
                    repeats: 1
                    requests: 8
                    warmup: 0
                    slo: {e2e: 30s}
                    capacity: {enabled: false}
                    burst: false
                    """.formatted(sim.baseUrl(), sim.baseUrl()), out, err);
            assertThat(code).as(err.toString()).isIn(0, 1, 4);
        }
        JsonNode doc = new ObjectMapper().readTree(dir.resolve("result/acceptance.json").toFile());
        assertThat(doc.path("audiences").get(0).path("criteria").findValuesAsText("criterion"))
                .containsExactly("e2e.p95 max_regression 10%", "e2e.p99 max_regression 10%",
                        "throughput.requests_per_s max_regression 5%", "errors.rate max 0.5%");
        JsonNode run = new ObjectMapper().readTree(dir.resolve("result/baseline/short-chat/fresh/low/r1/summary.json").toFile());
        assertThat(run.path("latency_ms").path("ttft").path("count").asInt()).isZero();
        assertThat(run.path("goodput").path("attainment").asDouble()).as("judged by e2e alone").isEqualTo(1.0);
        assertThat(out.toString()).as("token times shown as absent, judged by nothing")
                .containsPattern("\nttft\\.p95 \\*? *- +- +- +- *\n");
    }
}
