package dev.infergate.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Summarizer;
import dev.infergate.cli.ExitCode;
import dev.infergate.cli.Main;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code infergate probe} against the simulator's incremental and buffered profiles, on loopback. */
class ProbeEndToEndTest {
    @TempDir
    Path dir;

    private static String ms(Object millis) {
        return ProbeReport.ms(((Number) millis).doubleValue());
    }

    record Outcome(int code, String out, Map<String, Object> json) {
        @SuppressWarnings("unchecked")
        Map<String, Object> check(String name) {
            return ((List<Map<String, Object>>) json.get("checks")).stream().filter(c -> name.equals(c.get("check")))
                    .findFirst().orElseThrow();
        }
    }

    Outcome probe(String profile) throws Exception {
        return probe(profile, false);
    }

    /** {@code withoutV1}: give the server's root as --base-url, as a user who leaves off /v1 does. */
    Outcome probe(String profile, boolean withoutV1) throws Exception {
        try (SimServer server = SimServer.start(SimProfile.bundled(profile), "127.0.0.1", 0, 3)) {
            String baseUrl = withoutV1 ? server.baseUrl().replaceAll("/v1$", "") : server.baseUrl();
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            Path probeDir = dir.resolve(profile);
            int code = Main.execute(new String[] {"probe", "--base-url", baseUrl, "--rounds", "3",
                    "--input-tokens", "1200", "--output-tokens", "32", "--out", probeDir.toString()},
                    new PrintWriter(out), new PrintWriter(err));
            assertThat(err.toString()).isEmpty();
            @SuppressWarnings("unchecked")
            Map<String, Object> json = Summarizer.JSON.readValue(Files.readString(probeDir.resolve("probe.json")), Map.class);
            assertThat(Files.readAllLines(probeDir.resolve("requests.jsonl"))).hasSize(9);
            assertThat(Files.readString(probeDir.resolve("run.json"))).as("the X-Request-Id prefix, for the server's logs")
                    .containsPattern("\"request_id_prefix\" ?: ?\"infergate-[0-9a-f]+-\"");
            return new Outcome(code, out.toString(), json);
        }
    }

    @Test
    void incrementalServer_passes_andShowsTheWarmCacheSpeedUp() throws Exception {
        Outcome o = probe("baseline");
        assertThat(o.code()).as(o.out()).isEqualTo(ExitCode.OK.code());
        assertThat(o.json()).containsEntry("delivery", "incremental").containsEntry("failed", false);
        assertThat(o.out()).contains("delivery", "incremental", "cold_vs_warm");
        assertThat(o.check("cold_vs_warm")).containsEntry("status", "ok");
        // milliseconds, not only the ratio, and a reading of them
        assertThat(o.out()).containsPattern("\ndelivery +ok +incremental: TTFT [0-9.]+ ms, E2E [0-9.]+ ms \\(p50, TTFT [0-9]+ % of E2E\\)\n")
                .containsPattern("\ncold_vs_warm +ok +TTFT p50 cold [0-9.]+ ms · warm repeat [0-9.]+ ms \\(0\\.[0-9]+x\\)"
                        + " · warm prefix [0-9.]+ ms: a prefix cache helps \\([0-9]+ % sooner\\)\n");
        assertThat(o.check("cached_tokens")).containsEntry("status", "ok");
        assertThat(o.check("usage_chunk")).containsEntry("status", "ok");
        assertThat(o.check("done_marker")).containsEntry("status", "ok");
        assertThat(o.check("continuous_usage_stats")).containsEntry("status", "ok");
        assertThat(o.check("tokenize_endpoint")).containsEntry("status", "ok");
        assertThat(o.check("requests")).containsEntry("result", "9 sent, all completed");
    }

    @Test
    void bufferedServer_isRejected_withTheEvidence() throws Exception {
        Outcome o = probe("managed-buffered", true);
        // the root has no model list: the probe used /v1 and says so before its table
        assertThat(o.out()).startsWith("base URL: ").contains(" has no /models, so ")
                .containsPattern("^base URL: (http://127\\.0\\.0\\.1:[0-9]+) has no /models, so \\1/v1 was used \\(pass it as --base-url"
                        + " to skip this check\\)\ncheck ");
        assertThat(o.code()).as(o.out()).isEqualTo(ExitCode.REJECTED.code());
        assertThat(o.json()).containsEntry("delivery", "buffered").containsEntry("failed", true);
        Map<String, Object> delivery = o.check("delivery");
        assertThat(delivery).containsEntry("status", "fail");
        @SuppressWarnings("unchecked")
        Map<String, Object> evidence = (Map<String, Object>) delivery.get("evidence");
        // the line gives its evidence: TTFT against E2E in milliseconds, the same figures as probe.json
        assertThat(delivery.get("result")).isEqualTo("buffered: TTFT " + ms(evidence.get("ttft_ms_p50")) + ", E2E "
                + ms(evidence.get("e2e_ms_p50")) + " (p50, TTFT "
                + Math.round(((Number) evidence.get("ttft_share_of_e2e_p50")).doubleValue() * 100) + " % of E2E): the answer arrives whole");
        assertThat(o.out()).contains("\ndelivery                fail   " + delivery.get("result") + "\n")
                // the simulator's warm ratio sits near the 0.8 bar, so either reading may follow the figures
                .containsPattern("\ncold_vs_warm +(ok|info) +TTFT p50 cold [0-9.]+ ms · warm repeat [0-9.]+ ms \\(0\\.[0-9]+x\\)"
                        + " · warm prefix [0-9.]+ ms: (a prefix cache helps|[0-9]+ prompt tokens from cache, [0-9]+ % sooner:"
                        + " under the 20 % bar for a clear speed-up; buffered, so TTFT holds the whole generation)");
        assertThat(evidence).containsEntry("share_buffered", 1.0).containsEntry("requests_with_event_offsets", 9);
        assertThat(((Number) evidence.get("ttft_share_of_e2e_p50")).doubleValue()).isGreaterThan(0.9);
    }

    @Test
    void llamaServerLikeEngine_tokenizeDialectFound_andNoRequestLostToItsClosedConnections() throws Exception {
        try (dev.infergate.testing.EngineServer server = new dev.infergate.testing.EngineServer(
                dev.infergate.testing.EngineServer.Behaviour.CLOSE_AFTER_STREAM, java.time.Duration.ofSeconds(5),
                dev.infergate.testing.EngineServer.TokenizeDialect.LLAMA_CPP, 10, 16)) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            Path probeDir = dir.resolve("llama");
            Main.execute(new String[] {"probe", "--base-url", server.baseUrl() + "/v1", "--rounds", "5",
                    "--input-tokens", "200", "--output-tokens", "16", "--out", probeDir.toString()},
                    new PrintWriter(out, true), new PrintWriter(err, true));
            assertThat(probeDir.resolve("probe.json")).as(err.toString()).exists();
            @SuppressWarnings("unchecked")
            Map<String, Object> json = Summarizer.JSON.readValue(Files.readString(probeDir.resolve("probe.json")), Map.class);
            Outcome o = new Outcome(0, out.toString(), json);
            assertThat(o.check("tokenize_endpoint")).as(o.out()).containsEntry("status", "ok")
                    .containsEntry("evidence", Map.of("dialect", "llama.cpp", "lengths_exact", true));
            assertThat(o.out()).contains("prompt lengths are exact");
            assertThat(o.check("requests")).as(o.out()).containsEntry("result", "15 sent, all completed");
        }
    }

    @Test
    void everyRequestFailing_exitsThree_namingTheErrors_notAsAPassingProbe() throws Exception {
        SimProfile failing = SimProfile.bundled("baseline").withFaults(new dev.infergate.sim.profile.Faults(0, null, null, 1.0, 0));
        try (SimServer server = SimServer.start(failing, "127.0.0.1", 0, 3)) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            Path probeDir = dir.resolve("failing");
            int code = Main.execute(new String[] {"probe", "--base-url", server.baseUrl(), "--rounds", "3",
                    "--input-tokens", "200", "--output-tokens", "16", "--out", probeDir.toString()},
                    new PrintWriter(out, true), new PrintWriter(err, true));
            assertThat(code).as(out + "\n" + err).isEqualTo(ExitCode.CANNOT_RUN.code());
            assertThat(err.toString().strip()).as("one line").doesNotContain("\n")
                    .startsWith("infergate: every probe request failed (").containsPattern(": 9\\), so nothing")
                    .endsWith(probeDir.resolve("requests.jsonl") + " for each error");
            assertThat(probeDir.resolve("probe.json")).as("the evidence is still written").exists();
            assertThat(Files.readAllLines(probeDir.resolve("requests.jsonl"))).hasSize(9);
        }
    }
}
