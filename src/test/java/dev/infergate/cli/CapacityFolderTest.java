package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.json.Json;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code capacity} end to end on the simulator: capacity.json written, then read by {@code summarize} and {@code report}. */
class CapacityFolderTest {
    @TempDir
    Path dir;

    @Test
    void capacityWritesCapacityJson_summarizePrintsIt_andReportDrawsTheFolder() throws Exception {
        Path out = dir.resolve("cap");
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            CliErrorsTest.Outcome o = CliErrorsTest.run("capacity", "--base-url", sim.baseUrl().toString(), "--slo", "ttft=2s,tpot=25ms",
                    "--start-rate", "8", "--probe-duration", "2s", "--max-probes", "3", "--tolerance", "50%", "--out", out.toString());
            assertThat(o.code()).as(o.all()).isZero();
            assertThat(o.out()).contains("capacity at 95% attainment: ").contains("95% interval [").contains("stopped: ")
                    .contains("capacity: " + out.resolve("capacity.json"));
        }
        JsonNode doc = Json.COMPACT.readTree(out.resolve("capacity.json").toFile());
        JsonNode side = doc.path("sides").path("baseline");
        // 3 probes: a ramp that holds (8/s), one that misses (16/s), one refining probe between (~8.5/s, for 72 requests);
        // a fourth refining probe (another ~13 s) would write nothing of another kind
        assertThat(side.path("probes").size()).isBetween(2, 3);
        for (JsonNode p : side.path("probes")) { // every probe offered the rate it names: exact counts over 2 s
            assertThat(p.path("offered_rps").asDouble()).isCloseTo(p.path("rate_per_s").asDouble(),
                    org.assertj.core.data.Percentage.withPercentage(5));
        }

        CliErrorsTest.Outcome summarized = CliErrorsTest.run("summarize", out.toString());
        assertThat(summarized.code()).as(summarized.all()).isZero();
        assertThat(summarized.out()).startsWith("capacity at 95% SLO attainment (ttft=2s,tpot=25ms)").contains("baseline: ");

        CliErrorsTest.Outcome report = CliErrorsTest.run("report", out.toString(), "--out", dir.resolve("site").toString());
        assertThat(report.code()).as(report.all()).isZero();
        String html = Files.readString(dir.resolve("site").resolve("report.html"));
        assertThat(html).contains("\"capacity\":{\"baseline\":").contains("\"fitted_attainment\"").contains("\"requests_per_hour_interval\"");
    }
}
