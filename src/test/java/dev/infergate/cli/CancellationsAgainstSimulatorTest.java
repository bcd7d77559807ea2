package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.client.Cancellations;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.SimProfile;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** User cancellations end to end: the client closes the chosen streams, the simulator stops generating them. */
class CancellationsAgainstSimulatorTest {
    private static final int REQUESTS = 16;
    private static final int OUTPUT_TOKENS = 80;

    @TempDir
    Path dir;

    @Test
    void cancelAfterTokens_closesTheChosenStreams_recordsThemApart_andTheServerStopsGenerating() throws Exception {
        Path out = dir.resolve("run");
        long generated;
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter console = new StringWriter();
            StringWriter err = new StringWriter();
            int code = RunAgainstSimulatorTest.run(console, err, "run", "--base-url", sim.baseUrl(), "--concurrency", "4",
                    "--requests", String.valueOf(REQUESTS), "--warmup", "0", "--input-tokens", "32", "--output-tokens",
                    String.valueOf(OUTPUT_TOKENS), "--seed", "5", "--cancel-rate", "0.5", "--cancel-after", "3tok",
                    "--out", out.toString(), "--no-progress", "--server-metrics", "off");
            assertThat(code).as(err.toString()).isZero();
            assertThat(console.toString()).containsPattern("requests: 16 sent, \\d+ completed, 0 failed, \\d+ cancelled by the client \\(");
            generated = settledGenerationTokens(sim);
        }
        Cancellations asked = new Cancellations(0.5, new Cancellations.AfterTokens(3), 5);
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(out, records::add);
        assertThat(records).hasSize(REQUESTS);
        List<RequestRecord> cancelled = records.stream().filter(RequestRecord::cancelled).toList();
        assertThat(cancelled).as("exactly the requests the seed chose").extracting(RequestRecord::id)
                .containsExactlyInAnyOrderElementsOf(records.stream().map(RequestRecord::id).filter(asked::chosen).toList());
        assertThat(cancelled).isNotEmpty().allSatisfy(r -> {
            assertThat(r.outcome().error()).isEqualTo(ErrorClass.USER_CANCELLED);
            assertThat(r.failed()).isFalse();
            assertThat(r.events().chunks()).isBetween(3, OUTPUT_TOKENS - 1);
            assertThat(r.ttftNanos()).as("the part received is real").isPositive();
            assertThat(r.e2eNanos()).isEqualTo(RequestRecord.ABSENT);
        });
        long completed = records.stream().filter(RequestRecord::succeeded).count();
        assertThat(completed + cancelled.size()).isEqualTo(REQUESTS);
        assertThat(generated).as("the simulator stopped generating the cancelled answers")
                .isLessThan(completed * OUTPUT_TOKENS + cancelled.size() * (OUTPUT_TOKENS / 2));

        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertThat(summary.path("requests").path("cancelled").asLong()).isEqualTo(cancelled.size());
        assertThat(summary.path("requests").path("failed").asLong()).isZero();
        assertThat(summary.path("requests").path("cancelled_share").asDouble())
                .isEqualTo(Math.round(cancelled.size() * 1e4 / REQUESTS) / 1e4);
        assertThat(summary.path("error_rate").asDouble()).as("a user's stop is not the server's error").isZero();
        assertThat(summary.path("latency_ms").path("ttft").path("count").asLong()).as("TTFT counts the cancelled ones")
                .isEqualTo(REQUESTS);
        assertThat(summary.path("latency_ms").path("e2e").path("count").asLong()).isEqualTo(completed);
        assertThat(summary.path("tokens").path("output_total").asLong()).isEqualTo(completed * OUTPUT_TOKENS);
        assertThat(new ObjectMapper().readTree(out.resolve("run.json").toFile()).path("cancel").path("after").asText())
                .isEqualTo("3tok");

        StringWriter compared = new StringWriter();
        RunAgainstSimulatorTest.run(compared, new StringWriter(), "compare", out.toString(), out.toString(), "--resamples", "200");
        assertThat(compared.toString()).contains("note: user cancellations: baseline " + cancelled.size() + " of 16 (")
                .contains("candidate " + cancelled.size() + " of 16 (");
    }

    @Test
    void cancelAfterATime_stopsTheStreamThatLongAfterSent() throws Exception {
        Path out = dir.resolve("timed");
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter err = new StringWriter();
            int code = RunAgainstSimulatorTest.run(new StringWriter(), err, "run", "--base-url", sim.baseUrl(),
                    "--concurrency", "2", "--requests", "4", "--warmup", "0", "--input-tokens", "32", "--output-tokens", "200",
                    "--cancel-rate", "1", "--cancel-after", "150ms", "--out", out.toString(), "--no-progress",
                    "--server-metrics", "off");
            assertThat(code).as(err.toString()).isZero();
        }
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(out, records::add);
        assertThat(records).hasSize(4).allSatisfy(r -> {
            assertThat(r.cancelled()).isTrue();
            assertThat(r.marks().doneNanos() - r.marks().sentNanos()).as("closed at the point, never before it").isGreaterThanOrEqualTo(150_000_000L);
            assertThat(r.events().chunks()).isLessThan(200);
        });
    }

    @Test
    void cancelRateWithoutAPoint_isOneUsageLine() {
        StringWriter err = new StringWriter();
        int code = RunAgainstSimulatorTest.run(new StringWriter(), err, "run", "--base-url", "http://127.0.0.1:9",
                "--requests", "1", "--cancel-rate", "0.2", "--out", dir.resolve("x").toString(), "--no-progress");
        assertThat(code).isEqualTo(ExitCode.USAGE.code());
        assertThat(err.toString()).contains("give --cancel-rate SHARE and --cancel-after 2s|40tok together").hasLineCount(1);
    }

    /** Generated tokens once the engine has nothing left to run (a cancelled answer it missed would still be running). */
    private static long settledGenerationTokens(SimServer sim) throws InterruptedException {
        for (int i = 0; i < 200 && sim.engineMetrics().running() + sim.engineMetrics().waiting() > 0; i++) {
            Thread.sleep(25);
        }
        return sim.engineMetrics().generationTokens();
    }
}
