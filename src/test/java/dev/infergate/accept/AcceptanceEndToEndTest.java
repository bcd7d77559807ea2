package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.cli.Main;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code infergate accept} against two simulators on loopback, with a plan small enough for CI. */
class AcceptanceEndToEndTest {
    @TempDir
    Path dir;

    /**
     * A bundled profile with every cost divided by 10 ({@link DefaultPlanOnSimulatorsTest#scaled}): a 128-token answer
     * takes ~0.1 s instead of ~0.8 s, and the 30-90 req/s of the capacity probes and the burst stay below what the
     * simulator completes. (With only the step made cheaper, the per-sequence decode cost overloaded it at 30 req/s, and
     * each 1 s probe and burst phase then waited 5-7 s for its backlog.)
     */
    private static SimProfile fast(String name) {
        return DefaultPlanOnSimulatorsTest.scaled(SimProfile.bundled(name), 10);
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
                    run_to_run_allowance: 7%%
                    tokenizer: cl100k_base
                    slo: {ttft: 1s}
                    capacity: {start_rate: 30, duration: 1s, warmup: 0s, max_probes: 2, tolerance: 50%%}
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
            assertThat(err.toString().lines().filter(l -> l.contains(" req/s for ") && l.endsWith("run 1)")).map(l -> l.split(":")[1].trim()).toList())
                    .as("the sides probed in turn, alternating which goes first (a rate's repeats, e.g. after a client-limited run, follow it)")
                    .containsExactly("capacity baseline", "capacity candidate", "capacity candidate", "capacity baseline");
            assertThat(err.toString()).contains("30.0 req/s for 1.0 s (ramp, run 1)", "(offered 30.0) -> attainment ");
            assertThat(result.resolve("baseline/short-chat/fresh/high/r1/requests.jsonl")).exists();
            assertThat(result.resolve("candidate/short-chat/fresh/high/r2/summary.json")).exists();
            String json = Files.readString(result.resolve("acceptance.json"));
            JsonNode doc = new ObjectMapper().readTree(json);
            for (String side : new String[] {"baseline", "candidate"}) {
                JsonNode curve = doc.path("capacity").path(side).path("curve");
                assertThat(curve).as(side + " attainment curve").hasSize(2);
                assertThat(curve.get(0).path("measured").asInt()).as("exactly 30 arrivals in 1 s at 30 req/s: " + curve)
                        .isEqualTo(30);
                assertThat(curve.get(0).path("attainment_ci")).hasSize(2);
            }
            assertThat(doc.path("capacity_difference").path("requests_per_hour_interval")).hasSize(2);
            assertThat(doc.path("capacity_curves").path("points")).as("both sides start at 30 req/s").isNotEmpty();
            assertThat(doc.path("capacity_curves").path("requests_per_hour_interval")).hasSize(2);
            assertThat(doc.path("comparison").path("conditions").findValuesAsText("condition")).containsExactly("short-chat/fresh/high");
            assertThat(doc.path("comparison").path("conditions").findValues("run_to_run_allowance"))
                    .as("two runs per side: judged with the plan's run-to-run allowance (7%), not compare's default (15%)")
                    .extracting(JsonNode::asDouble).containsExactly(0.07);
            assertThat(json).contains("\"schema\" : \"infergate.acceptance/1\"", "\"requests_per_hour\"", "\"per_second\"",
                    "\"condition\" : \"short-chat/fresh/high\"");
            String md = Files.readString(result.resolve("acceptance.md"));
            assertThat(json).contains("\"quality\" : {", "\"paired_items\" : 20");
            assertThat(doc.path("audiences")).as("a plan without audiences: one audience 'all'").hasSize(1);
            assertThat(doc.path("audiences").get(0).path("name").asText()).isEqualTo("all");
            assertThat(doc.path("audiences").get(0).path("criteria").findValuesAsText("criterion"))
                    .contains("ttft.p95 max_regression 10%", "errors.rate max 0.5%");
            assertThat(result.resolve("quality/baseline/quality-items.jsonl")).exists();
            assertThat(md).startsWith("# Acceptance: ").contains("## Capacity at the SLO", "requests/hour", "## Burst", "## Quality",
                    "| kv_cache | bf16 | fp8 |", "## Matrix");
            assertThat(out.toString()).contains("VERDICT: ", "capacity: ", "capacity curves: ", "burst baseline: ");
            assertThat(json).as("both sides ran the same request ids per repeat").contains("paired: every condition compared"
                    + " request by request");

            StringWriter again = new StringWriter();
            int recompare = Main.execute(new String[] {"compare", result.toString(), "--resamples", "200"},
                    new PrintWriter(again, true), new PrintWriter(new StringWriter(), true));
            assertThat(recompare).isIn(0, 1, 4);
            assertThat(again.toString()).contains("short-chat/fresh/high")
                    .doesNotContain("capacity: ");
        }
    }

    @Test
    void accept_runsAgentSessionsAsAMatrixRow_withGrowingPrompts_andComparesTheirSessionTotals() throws IOException {
        try (SimServer base = SimServer.start(fast("baseline"), "127.0.0.1", 0, 1);
                SimServer cand = SimServer.start(fast("candidate-fp8-kv"), "127.0.0.1", 0, 1)) {
            Path plan = Files.writeString(dir.resolve("plan.yaml"), """
                    baseline: {url: '%s', labels: {kv_cache: bf16}}
                    candidate: {url: '%s', labels: {kv_cache: fp8}}
                    matrix:
                      workloads: [agent]
                      prefixes: [fresh, shared]
                      loads: {two: {concurrency: 2}, arriving: {rate: 12}}
                    repeats: 1
                    requests: 9
                    warmup: 0
                    tokenizer: cl100k_base
                    agent: {turns: 3, think_time: 20ms, system_tokens: 128, user_tokens: 16, tool_tokens: 16, output_tokens: 8}
                    capacity: false
                    burst: false
                    quality: false
                    audiences:
                      chat: {label: chat users, criteria: {ttft.p50: {max_regression: 50%%}}}
                      agents: {session_total.p90: {max_regression: 10%%}}
                    """.formatted(base.baseUrl(), cand.baseUrl()));
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            Path result = dir.resolve("result");

            int code = Main.execute(new String[] {"accept", plan.toString(), "--out", result.toString()},
                    new PrintWriter(out, true), new PrintWriter(err, true));

            assertThat(code).as(err.toString()).isIn(0, 1, 4);
            assertThat(err.toString()).contains("[1/8] baseline agent/fresh/two repeat 1", "[8/8] ");
            for (String side : new String[] {"baseline", "candidate"}) {
                for (String condition : new String[] {"agent/fresh/two", "agent/shared/two", "agent/fresh/arriving",
                    "agent/shared/arriving"}) {
                    assertSessionsGrew(result.resolve(side).resolve(condition).resolve("r1"), condition.contains("shared"));
                }
            }
            assertThat(Files.readString(result.resolve("baseline/agent/shared/two/r1/run.json")))
                    .contains("\"starts\" : \"concurrent\"", "\"max_concurrent_sessions\" : 2", "\"system_prompt\" : \"shared\"");
            assertThat(Files.readString(result.resolve("candidate/agent/fresh/arriving/r1/run.json")))
                    .contains("\"starts\" : \"arrivals\"", "\"rate_per_second\" : 4.0", "\"system_prompt\" : \"per session\"");

            JsonNode json = new ObjectMapper().readTree(result.resolve("acceptance.json").toFile());
            assertThat(json.path("plan").path("agent").path("sessions_per_run").asInt()).isEqualTo(3);
            JsonNode conditions = json.path("comparison").path("conditions");
            assertThat(conditions).hasSize(4);
            for (JsonNode c : conditions) {
                JsonNode total = figure(c, "session_total.p90");
                assertThat(total.path("baseline_n").asInt()).as("completed sessions").isEqualTo(3);
                assertThat(total.path("candidate_n").asInt()).isEqualTo(3);
                assertThat(total.path("baseline").asDouble()).as("three turns and two think times")
                        .isGreaterThan(figure(c, "e2e.p50").path("baseline").asDouble() + 40);
                assertThat(figure(c, "session_total.p50").path("unit").asText()).isEqualTo("ms");
                assertThat(c.path("criteria").findValuesAsText("criterion")).contains("session_total.p90 max_regression 10%");
            }
            assertThat(Files.readString(result.resolve("acceptance.md"))).contains("| session_total.p90", "| session_total.p50",
                    "- agent: 3 sessions of 3 turns per run");
            assertThat(out.toString()).contains("agent/shared/arriving: ", "session_total.p90", "agent: 3 sessions of 3 turns per run");
            JsonNode audiences = json.path("audiences");
            assertThat(audiences.findValuesAsText("name")).containsExactly("chat", "agents");
            assertThat(audiences.get(0).path("criteria")).as("chat's one criterion in each of 4 conditions").hasSize(4);
            assertThat(audiences.get(0).path("criteria").findValuesAsText("statistic")).containsOnly("ttft.p50");
            assertThat(audiences.get(1).path("criteria").findValuesAsText("statistic")).containsOnly("session_total.p90");
            for (JsonNode a : audiences) {
                assertThat(a.path("verdict").asText()).isIn("ACCEPTED", "REJECTED", "INCONCLUSIVE");
                assertThat(out.toString()).contains(a.path("label").asText() + ": " + a.path("verdict").asText() + ", "
                        + a.path("reason").asText());
            }
            String worst = audiences.findValuesAsText("verdict").contains("REJECTED") ? "rejected"
                    : audiences.findValuesAsText("verdict").contains("INCONCLUSIVE") ? "inconclusive" : "accepted";
            assertThat(json.path("verdict").asText()).as("the worst audience decides").isEqualTo(worst);
            assertThat(code).isEqualTo(worst.equals("rejected") ? 1 : worst.equals("inconclusive") ? 4 : 0);
        }
    }

    private static JsonNode figure(JsonNode condition, String statistic) {
        for (JsonNode f : condition.path("figures")) {
            if (f.path("statistic").asText().equals(statistic)) {
                return f;
            }
        }
        throw new AssertionError(statistic + " missing from " + condition.path("condition"));
    }

    /** Three sessions of three turns each, every turn's prompt longer than the last; shared ones find the system prompt cached. */
    private static void assertSessionsGrew(Path run, boolean shared) {
        java.util.List<RequestRecord> records = new java.util.ArrayList<>();
        RunLog.readRecords(run, records::add);
        java.util.Map<String, java.util.List<RequestRecord>> sessions = records.stream()
                .sorted(java.util.Comparator.comparingInt(RequestRecord::turn))
                .collect(java.util.stream.Collectors.groupingBy(RequestRecord::session));
        assertThat(sessions).as(run.toString()).containsOnlyKeys("0", "1", "2");
        sessions.values().forEach(turns -> {
            assertThat(turns).extracting(RequestRecord::turn).containsExactly(0, 1, 2);
            assertThat(turns).allMatch(RequestRecord::succeeded);
            assertThat(turns.get(1).tokens().input()).isGreaterThan(turns.get(0).tokens().input());
            assertThat(turns.get(2).tokens().input()).isGreaterThan(turns.get(1).tokens().input());
            if (shared) {
                assertThat(turns.get(0).tokens().cached()).as("the shared system prompt was warmed").isPositive();
            } else {
                assertThat(turns.get(0).tokens().cached()).as("a session's own system prompt").isLessThan(128);
            }
        });
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
        try (SimServer base = SimServer.start(fast("baseline"), "127.0.0.1", 0, 1);
                SimServer cand = SimServer.start(fast("candidate-fp8-kv").withAnswerAccuracy(0.2), "127.0.0.1", 0, 1)) {
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
