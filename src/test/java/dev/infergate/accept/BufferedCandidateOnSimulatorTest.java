package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.cli.Main;
import dev.infergate.json.Json;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checklist's second lesson, end to end: a candidate behind a proxy that accepts {@code stream: true} but buffers
 * the body (profile {@code managed-buffered}) is rejected by {@code delivery: incremental}, named as such, whatever
 * its TTFT did; its TPOT, ITL and effective tok/s are not measurable, never 0 and never an improvement.
 */
class BufferedCandidateOnSimulatorTest {
    @TempDir
    Path dir;

    @Test
    void aBufferingCandidate_isRejectedByTheDeliveryCriterion_withADeliveryRowPerSide() throws Exception {
        Path result = dir.resolve("result");
        StringWriter console = new StringWriter();
        StringWriter err = new StringWriter();
        int code;
        try (SimServer base = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1);
                SimServer cand = SimServer.start(SimProfile.bundled("managed-buffered"), "127.0.0.1", 0, 2)) {
            Files.writeString(dir.resolve("plan.yaml"), """
                    baseline: {url: '%s'}
                    candidate: {url: '%s'}
                    matrix: {workloads: [short-chat], prefixes: [fresh], loads: {low: {concurrency: 4}}}
                    repeats: 1
                    requests: 16
                    warmup: 0
                    audiences:
                      chat:
                        label: chat users
                        criteria:
                          delivery: incremental
                    capacity: {enabled: false}
                    burst: false
                    """.formatted(base.baseUrl(), cand.baseUrl()));
            code = Main.execute(new String[] {"accept", dir.resolve("plan.yaml").toString(), "--out", result.toString()},
                    new PrintWriter(console, true), new PrintWriter(err, true));
        }
        String out = console.toString();
        assertThat(code).as(out + err).isEqualTo(1);
        assertThat(out).contains("chat users: REJECTED, answers not streamed incrementally (delivery: incremental) 100.00 %")
                .contains("delivery: baseline incremental (incremental 100 %").contains("candidate buffered (")
                .containsPattern("\ndelivery\\.not_incremental_share +0\\.00% +100\\.00% .* fail \\(max 20%\\)")
                .containsPattern("\ntpot\\.p95 \\*? +[0-9.]+ms +- ");
        JsonNode acceptance = Json.COMPACT.readTree(result.resolve("acceptance.json").toFile());
        JsonNode judged = acceptance.path("audiences").get(0).path("criteria").get(0);
        assertThat(judged.path("statistic").asText()).isEqualTo("delivery.not_incremental_share");
        assertThat(judged.path("verdict").asText()).isEqualTo("fail");
        for (JsonNode f : acceptance.path("comparison").path("conditions").get(0).path("figures")) {
            if (f.path("statistic").asText().startsWith("tpot.")) {
                assertThat(f.path("candidate").isNull() || f.path("candidate").isMissingNode())
                        .as("the buffered side's %s is not measurable: %s", f.path("statistic").asText(), f).isTrue();
            }
        }
    }
}
