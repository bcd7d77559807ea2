package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.testing.HostileServer;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An open loop far above what the server finishes, in a 256 MiB heap, against a server that holds every stream
 * open: the client keeps at most its in-flight cap and its queue, records every request beyond them as
 * {@code not_sent} (the client's), and ends with every scheduled request in requests.jsonl and summary.json.
 * A rate no client can send is refused in one line.
 */
class BoundedClientMemoryTest {
    @TempDir
    Path dir;

    @Test
    void aRateFarAboveWhatTheServerFinishes_staysWithinASmallHeap_andKeepsEveryRecord() throws Exception {
        try (HostileServer server = HostileServer.start(HostileServer.Mode.HOLD)) {
            Path out = dir.resolve("flood");
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx256m", "-cp", SecretsEndToEndTest.classPath(), Main.class.getName(),
                    "run", "--base-url", server.baseUrl(), "--model", "hostile", "--rate", "100000", "--duration", "1s",
                    "--max-queued", "20000", "--drain-timeout", "1s", "--no-progress", "--no-client-warmup",
                    "--server-metrics", "off", "--out", out.toString()));
            File err = dir.resolve("stderr").toFile();
            Process p = new ProcessBuilder(cmd).redirectError(err).redirectOutput(dir.resolve("stdout").toFile()).start();
            assertThat(p.waitFor(4, TimeUnit.MINUTES)).as("the run ends").isTrue();
            String stderr = Files.readString(err.toPath());
            assertThat(stderr).doesNotContain("OutOfMemoryError").contains("were not sent").contains("not_sent");
            assertThat(p.exitValue()).as(stderr).isZero();

            TreeSet<Long> ids = new TreeSet<>();
            long notSent = 0;
            ObjectMapper json = new ObjectMapper();
            for (String line : Files.readAllLines(out.resolve("requests.jsonl"))) {
                JsonNode r = json.readTree(line);
                assertThat(ids.add(r.get("id").asLong())).as("one record per request").isTrue();
                notSent += "not_sent".equals(r.path("outcome").asText()) ? 1 : 0;
            }
            assertThat(ids.first()).isZero();
            assertThat(ids.last()).as("no id missing").isEqualTo(ids.size() - 1L);
            assertThat(ids.size()).as("the schedule of ~100,000 requests").isGreaterThan(90_000);
            assertThat(notSent).as("beyond 4096 in flight and 20000 waiting").isGreaterThanOrEqualTo(ids.size() - 4096L - 20_000L);
            JsonNode summary = json.readTree(out.resolve("summary.json").toFile());
            assertThat(summary.at("/requests/sent").asLong()).isEqualTo(ids.size());
            assertThat(summary.at("/requests/failed").asLong()).as("not_sent is never a server failure")
                    .isLessThanOrEqualTo(4096L + 20_000L);
        }
    }

    private Process start(String baseUrl, Path out, String... more) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", SecretsEndToEndTest.classPath(), Main.class.getName(),
                "run", "--base-url", baseUrl, "--model", "hostile", "--no-progress", "--no-client-warmup",
                "--server-metrics", "off", "--out", out.toString()));
        cmd.addAll(List.of(more));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve(out.getFileName() + ".log").toFile())
                .start();
    }

    @Test
    void sigtermWithRequestsInFlight_endsWithTheLogAndSummaryComplete() throws Exception {
        try (HostileServer server = HostileServer.start(HostileServer.Mode.HOLD)) {
            Path out = dir.resolve("term");
            Process p = start(server.baseUrl(), out, "--rate", "200", "--duration", "60s");
            while (server.measuredRequests() < 50 && p.isAlive()) {
                Thread.sleep(50);
            }
            p.destroy(); // SIGTERM
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the run ends after SIGTERM").isTrue();
            long records = Files.readAllLines(out.resolve("requests.jsonl")).size();
            JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
            assertThat(records).isGreaterThanOrEqualTo(50);
            assertThat(summary.at("/requests/sent").asLong()).as("every record summarised").isEqualTo(records);
            assertThat(summary.toString()).contains("interrupted");
        }
    }

    @Test
    void sigtermDuringTheSetUp_exitsAndLeavesNoFolder() throws Exception {
        try (java.net.ServerSocket silent = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Path out = dir.resolve("setup");
            Process p = start("http://127.0.0.1:" + silent.getLocalPort() + "/v1", out, "--requests", "5");
            try (java.net.Socket accepted = silent.accept()) { // the preflight is waiting for /models
                p.destroy();
                assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the run ends after SIGTERM").isTrue();
            }
            assertThat(out).doesNotExist();
        }
    }

    @Test
    void theClientWarmUp_writesNoFile_soAFileSizeLimitStopsNothing() throws Exception {
        try (dev.infergate.sim.SimServer sim = dev.infergate.sim.SimServer.start(
                dev.infergate.sim.profile.SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            Path out = dir.resolve("warm");
            // ulimit -f 200 (100 KiB): the warm-up's 400 records once went to a file that outgrew it, and every run
            // stopped before measuring ("File too large")
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            List<String> cmd = List.of("bash", "-c", "ulimit -f 200 && exec \"$@\"", "infergate", java,
                    "-cp", SecretsEndToEndTest.classPath(), Main.class.getName(),
                    "run", "--base-url", sim.baseUrl(), "--requests", "4", "--input-tokens", "32", "--output-tokens", "8",
                    "--no-progress", "--server-metrics", "off", "--out", out.toString());
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("warm.log").toFile()).start();
            assertThat(p.waitFor(3, TimeUnit.MINUTES)).isTrue();
            assertThat(p.exitValue()).as(Files.readString(dir.resolve("warm.log"))).isZero();
            assertThat(Files.readAllLines(out.resolve("requests.jsonl"))).hasSize(4);
        }
    }

    @Test
    void aRateNoClientCanSend_isRefusedInOneLine_andLeavesNoFolder() {
        CliErrorsTest.Outcome o = CliErrorsTest.run("run", "--base-url", "http://127.0.0.1:9/v1", "--rate", "1e12",
                "--duration", "1s", "--out", dir.resolve("never").toString());
        CliErrorsTest.assertOneLine(o, 2, "--rate 1.00000e+12 is more than one client can send", "--shard");
        assertThat(dir.resolve("never")).doesNotExist();
    }
}
