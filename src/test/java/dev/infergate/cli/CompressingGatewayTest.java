package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.json.Json;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.Delivery;
import dev.infergate.sim.profile.SimProfile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Against a gateway that compresses, and so holds back, the stream for clients that ask for gzip (the simulator's
 * {@code gzip_buffered} delivery, as nginx with {@code gzip on} for {@code text/event-stream} behind buffering): infergate
 * asks as users' clients ask, so it sees the buffered stream they see; with compression off it sees the incremental
 * stream they never get; the probe names the difference.
 */
class CompressingGatewayTest {
    @TempDir
    Path dir;

    private static int cli(StringWriter out, StringWriter err, String... args) {
        return Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private static SimServer gateway() {
        return SimServer.start(SimProfile.bundled("baseline").withDelivery(new Delivery.GzipBufferedWhenAsked()),
                "127.0.0.1", 0, 1);
    }

    private JsonNode run(SimServer sim, String name, String... extra) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Path runDir = dir.resolve(name);
        String[] base = {"run", "--base-url", sim.baseUrl(), "--concurrency", "2", "--requests", "6", "--warmup", "0",
                "--input-tokens", "64", "--output-tokens", "48", "--out", runDir.toString(), "--no-progress"};
        String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(base), java.util.Arrays.stream(extra))
                .toArray(String[]::new);
        int code = cli(out, err, args);
        assertThat(code).as(err.toString() + out).isZero();
        assertThat(out.toString()).contains("requests: 6 sent, 6 completed, 0 failed");
        return Json.COMPACT.readTree(runDir.resolve("summary.json").toFile());
    }

    @Test
    void run_seesTheBufferedStreamUsersGet_byDefault_andTheIncrementalOneWithCompressionOff() throws Exception {
        try (SimServer sim = gateway()) {
            assertThat(run(sim, "default").at("/delivery/verdict").asText()).isEqualTo("buffered");
            assertThat(run(sim, "plain", "--accept-encoding", "none").at("/delivery/verdict").asText()).isEqualTo("incremental");
        }
    }

    @Test
    void probe_namesTheDifference_betweenClientsThatCompressAndThoseThatDoNot() throws Exception {
        try (SimServer sim = gateway()) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            Path probeDir = dir.resolve("probe");
            int code = cli(out, err, "probe", "--base-url", sim.baseUrl(), "--rounds", "3", "--input-tokens", "64",
                    "--output-tokens", "48", "--out", probeDir.toString());
            assertThat(code).as(err.toString() + out).isEqualTo(1); // buffered, as users' clients get it
            JsonNode probe = Json.COMPACT.readTree(probeDir.resolve("probe.json").toFile());
            JsonNode compression = null;
            for (JsonNode check : probe.path("checks")) {
                if ("compression".equals(check.path("check").asText())) {
                    compression = check;
                }
            }
            assertThat(compression).as(probe.toString()).isNotNull();
            assertThat(compression.path("status").asText()).isEqualTo("warn");
            assertThat(compression.path("evidence").path("with_compression").asText()).isEqualTo("buffered");
            assertThat(compression.path("evidence").path("without_compression").asText()).isEqualTo("incremental");
            assertThat(out.toString()).contains("delivered differently to clients that compress: buffered with"
                    + " Accept-Encoding gzip");

            StringWriter plainOut = new StringWriter();
            int plain = cli(plainOut, new StringWriter(), "probe", "--base-url", sim.baseUrl(), "--rounds", "3",
                    "--input-tokens", "64", "--output-tokens", "48", "--accept-encoding", "none", "--out",
                    dir.resolve("probe-plain").toString());
            assertThat(plain).as(plainOut.toString()).isZero(); // incremental without compression, the difference named
            assertThat(plainOut.toString()).contains("delivered differently to clients that compress");
        }
    }
}
