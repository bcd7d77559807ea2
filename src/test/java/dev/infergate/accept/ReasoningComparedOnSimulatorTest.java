package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.cli.Main;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.ReasoningLength;
import dev.infergate.sim.profile.SimProfile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reasoning model on both sides, the candidate's profile thinking 30 % longer (median 78 reasoning tokens of its 128
 * output tokens, against 60): accept and compare show the reasoning figures, and a criterion on reasoning tokens
 * rejects the candidate, on a busy machine too: a late client or simulator bounds latencies and rates, never a count of
 * tokens.
 */
class ReasoningComparedOnSimulatorTest {
    @TempDir
    Path dir;

    private static SimProfile reasoning(int medianTokens) {
        return SimProfile.bundled("baseline").withReasoning(new ReasoningLength(medianTokens, 0.25));
    }

    private static JsonNode figure(JsonNode condition, String statistic) {
        for (JsonNode f : condition.path("figures")) {
            if (f.path("statistic").asText().equals(statistic)) {
                return f;
            }
        }
        throw new AssertionError("no figure " + statistic + " in " + condition);
    }

    @Test
    void aCandidateThatThinksLonger_isRejectedOnItsReasoningTokens() throws Exception {
        Path result = dir.resolve("result");
        int acceptCode;
        String acceptErr;
        StringWriter console = new StringWriter();
        try (SimServer base = SimServer.start(reasoning(60), "127.0.0.1", 0, 1);
                SimServer cand = SimServer.start(reasoning(78), "127.0.0.1", 0, 2)) {
            Files.writeString(dir.resolve("plan.yaml"), """
                    baseline: {url: '%s'}
                    candidate: {url: '%s'}
                    matrix: {workloads: [short-chat], prefixes: [fresh], loads: {low: {concurrency: 4}}}
                    repeats: 1
                    requests: 24
                    warmup: 0
                    criteria:
                      reasoning_tokens.p50: {max_regression: 10%%}
                    capacity: {enabled: false}
                    burst: false
                    """.formatted(base.baseUrl(), cand.baseUrl()));
            StringWriter err = new StringWriter();
            acceptCode = Main.execute(new String[] {"accept", dir.resolve("plan.yaml").toString(), "--out", result.toString()},
                    new PrintWriter(console, true), new PrintWriter(err, true));
            acceptErr = err.toString();
        }
        JsonNode acceptance = new ObjectMapper().readTree(result.resolve("acceptance.json").toFile());
        // a busy machine's lateness bounds latencies and rates only: a count of reasoning tokens is decided whatever it was
        assertThat(acceptCode).as(acceptErr).isEqualTo(1);
        assertThat(console.toString()).containsPattern("\nreasoning_tokens\\.p50 +[0-9.]+ +[0-9.]+ +\\+[0-9.]+% +\\[\\+[0-9.]+%, "
                + "\\+[0-9.]+%\\] +" + "fail" + " \\(max_regression 10%").contains("\ntime_to_first_answer.p95")
                .contains("answer_tokens.mean");
        JsonNode judged = acceptance.path("audiences").get(0).path("criteria").get(0);
        assertThat(judged.path("statistic").asText()).isEqualTo("reasoning_tokens.p50");
        assertThat(judged.path("verdict").asText()).isEqualTo("fail");
        JsonNode condition = acceptance.path("comparison").path("conditions").get(0);
        JsonNode reasoning = figure(condition, "reasoning_tokens.p50");
        assertThat(reasoning.path("delta").asDouble()).isBetween(0.2, 0.4);
        assertThat(reasoning.path("delta_ci").get(0).asDouble()).as("the interval excludes 0").isGreaterThan(0);
        assertThat(reasoning.path("delta_ci").get(1).asDouble()).isGreaterThan(reasoning.path("delta_ci").get(0).asDouble());
        assertThat(reasoning.path("unit").asText()).isEmpty();
        assertThat(figure(condition, "answer_tokens.mean").path("delta").asDouble()).as("128 tokens out: less left to answer")
                .isNegative();
        assertThat(figure(condition, "time_to_first_answer.p50").path("delta").asDouble()).as("the answer starts later")
                .isGreaterThan(0.1);

        StringWriter compared = new StringWriter();
        Path cmp = dir.resolve("cmp");
        int code = Main.execute(new String[] {"compare", result.resolve("baseline").toString(), result.resolve("candidate").toString(),
                "--criteria", dir.resolve("plan.yaml").toString(), "--out", cmp.toString(), "--resamples", "300"},
                new PrintWriter(compared, true), new PrintWriter(new StringWriter(), true));
        assertThat(code).as(compared.toString()).isEqualTo(1);
        assertThat(compared.toString()).contains("reasoning_tokens.mean").contains("fail"
                + " (max_regression 10%");
        JsonNode comparison = new ObjectMapper().readTree(cmp.resolve("comparison.json").toFile());
        JsonNode c = comparison.path("conditions").get(0);
        assertThat(figure(c, "reasoning_tokens.p50").path("delta_ci").get(0).asDouble()).isGreaterThan(0);
        assertThat(c.path("criteria").get(0).path("verdict").asText()).isEqualTo("fail");
    }
}
