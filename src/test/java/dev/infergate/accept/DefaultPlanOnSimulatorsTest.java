package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.cli.Main;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.CostModel;
import dev.infergate.sim.profile.SimProfile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default acceptance plan (every workload, prefix and load of the default matrix: 18 conditions, the
 * capacity step, the burst and the quality step) against the bundled baseline and candidate-fp8-kv
 * simulators. Only counts and time scales are reduced: one repeat of a few requests per condition, short
 * probes and burst phases, and the profiles' costs divided by {@link #TIME_SCALE} (same shapes, same
 * context and KV room, so the long-document conditions carry their 8,192-token prompts).
 */
class DefaultPlanOnSimulatorsTest {
    /**
     * Every modelled cost is divided by this: a long document's prefill takes ~20 ms instead of ~420 ms. (20 rather than
     * 10: the matrix's long-output runs, one answer after another at low load, were most of the test's time.)
     */
    static final double TIME_SCALE = 20;

    @TempDir
    Path dir;

    @Test
    void theDefaultPlan_runsEveryConditionAndTheBurst_withCompletedRequestsInEach() throws IOException {
        try (SimServer base = SimServer.start(scaled(SimProfile.bundled("baseline")), "127.0.0.1", 0, 1);
                SimServer cand = SimServer.start(scaled(SimProfile.bundled("candidate-fp8-kv")), "127.0.0.1", 0, 1)) {
            Path plan = Files.writeString(dir.resolve("plan.yaml"), """
                    baseline: {url: '%s', labels: {kv_cache: bf16}}
                    candidate: {url: '%s', labels: {kv_cache: fp8}}
                    repeats: 1
                    requests: 4
                    warmup: 0
                    tokenizer: cl100k_base
                    capacity: {start_rate: 30, duration: 1s, warmup: 0s, max_probes: 2, tolerance: 50%%}
                    burst: {before: 300ms, during: 300ms, after: 300ms}
                    quality: {items: 20, max_tokens: 8, concurrency: 8}
                    """.formatted(base.baseUrl(), cand.baseUrl()));
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            Path result = dir.resolve("result");

            int code = Main.execute(new String[] {"accept", plan.toString(), "--out", result.toString()},
                    new PrintWriter(out, true), new PrintWriter(err, true));

            assertThat(code).as(err.toString()).isIn(0, 1, 4);
            AcceptPlan defaults = PlanReader.read("defaults", "baseline: 'http://127.0.0.1:1/v1'\ncandidate: 'http://127.0.0.1:2/v1'\n");
            assertThat(defaults.conditions()).hasSize(18).anyMatch(c -> c.startsWith("long-doc/"));
            for (String side : new String[] {"baseline", "candidate"}) {
                for (String condition : defaults.conditions()) {
                    List<RequestRecord> records = records(result.resolve(side).resolve(condition).resolve("r1"));
                    assertThat(records).as(side + " " + condition + " " + err).isNotEmpty()
                            .allMatch(RequestRecord::succeeded);
                    if (condition.startsWith("long-doc/")) {
                        assertThat(records).as("long documents keep their length").allMatch(r -> r.tokens().input() >= 8000);
                    }
                }
                assertThat(records(result.resolve("burst").resolve(side))).as("burst " + side)
                        .anyMatch(RequestRecord::succeeded);
            }
            JsonNode json = new ObjectMapper().readTree(result.resolve("acceptance.json").toFile());
            assertThat(json.path("comparison").path("conditions")).hasSize(18);
            assertThat(out.toString()).contains("VERDICT: ", "burst baseline: ", "long-doc/shared/near-limit");
        }
    }

    private static List<RequestRecord> records(Path run) {
        List<RequestRecord> records = new ArrayList<>();
        if (Files.isDirectory(run)) {
            RunLog.readRecords(run, records::add);
        }
        return records;
    }

    /** {@code p} with every cost divided by {@link #TIME_SCALE}; context, KV room and batch limits unchanged. */
    static SimProfile scaled(SimProfile p) {
        return scaled(p, TIME_SCALE);
    }

    /** {@code p} with every cost divided by {@code timeScale}; context, KV room and batch limits unchanged. */
    static SimProfile scaled(SimProfile p, double timeScale) {
        CostModel c = p.cost();
        CostModel fast = new CostModel(c.stepOverheadUs() / timeScale, c.prefillUsPerToken() / timeScale,
                c.decodeUsPerSeq() / timeScale, c.kvReadUsPer1kTokens() / timeScale, c.outputUsPerToken() / timeScale);
        return new SimProfile(p.name(), p.description(), p.model(), p.maxModelLen(), p.maxNumSeqs(), p.maxNumBatchedTokens(),
                p.blockSize(), p.numGpuBlocks(), fast, p.streamInterval(), p.delivery(), p.outputLength(), p.faults(),
                p.answerAccuracy());
    }
}
