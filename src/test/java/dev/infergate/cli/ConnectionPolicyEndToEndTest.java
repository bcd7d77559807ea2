package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.testing.EngineServer;
import dev.infergate.testing.EngineServer.Behaviour;
import dev.infergate.testing.EngineServer.TokenizeDialect;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code infergate run} against servers that close connections the way real engines do: no request the client
 * never got onto the wire may count as a server error, and the client's retries are counted and shown.
 */
class ConnectionPolicyEndToEndTest {
    @TempDir
    Path dir;

    private record Outcome(String console, List<RequestRecord> records, JsonNode summary) {
        long resets() {
            return records.stream().filter(r -> r.outcome().error() == ErrorClass.RESET).count();
        }

        long failed() {
            return records.stream().filter(r -> !r.succeeded()).count();
        }

        int retries() {
            return records.stream().mapToInt(rr -> rr.client().retries()).sum();
        }
    }

    private Outcome run(String baseUrl, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("run", "--base-url", baseUrl + "/v1", "--api", "completions",
                "--input-tokens", "32", "--output-tokens", "4", "--tokenizer", "cl100k_base", "--out", dir.toString(),
                "--no-progress", "--server-metrics", "off"));
        args.addAll(List.of(extra));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(dir, records::add);
        JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        return new Outcome(out.toString(), records, summary);
    }

    @ParameterizedTest(name = "concurrency {0}")
    @ValueSource(ints = {1, 2, 4, 8})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void serverClosingAfterEveryStream_losesNoRequest_andTheRetriesShow(int concurrency) throws Exception {
        try (EngineServer server = new EngineServer(Behaviour.CLOSE_AFTER_STREAM, Duration.ofSeconds(5),
                TokenizeDialect.LLAMA_CPP, 0, 4)) {
            Outcome o = run(server.baseUrl(), "--concurrency", String.valueOf(concurrency), "--requests", "250");
            assertThat(o.records()).hasSize(250);
            assertThat(o.resets()).as(o.console()).isZero();
            assertThat(o.failed()).as(o.console()).isZero();
            assertThat(server.generations()).isEqualTo(250); // every request reached the server exactly once
            assertThat(server.distinctRequestIds()).isEqualTo(250);
            JsonNode connections = o.summary().path("connections");
            assertThat(connections.path("client_retries").asInt()).isEqualTo(o.retries());
            assertThat(connections.path("opened_per_request").asDouble()).isGreaterThan(0.9); // one connection per stream
            assertThat(o.console()).containsPattern("connections: \\d+ opened for 250 requests");
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void serverClosingIdleConnectionsAfterHalfASecond_losesNoRequest() throws Exception {
        try (EngineServer server = new EngineServer(Behaviour.CLOSE_IDLE, Duration.ofMillis(500),
                TokenizeDialect.LLAMA_CPP, 0, 4)) {
            // an open loop at 40 req/s over up to 8 connections leaves connections idle for around half a second
            Outcome o = run(server.baseUrl(), "--rate", "40", "--arrival", "poisson", "--max-concurrency", "8",
                    "--requests", "1000", "--seed", "7");
            assertThat(o.records()).hasSize(1000);
            assertThat(o.resets()).as(o.console()).isZero();
            assertThat(o.failed()).as(o.console()).isZero();
            assertThat(server.generations()).isEqualTo(1000);
            assertThat(server.distinctRequestIds()).isEqualTo(1000);
            assertThat(o.summary().path("connections").path("client_retries").asInt()).isEqualTo(o.retries());
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void serverSayingConnectionClose_isHonoured_withoutRetries() throws Exception {
        try (EngineServer server = new EngineServer(Behaviour.CONNECTION_CLOSE, Duration.ofSeconds(5),
                TokenizeDialect.LLAMA_CPP, 0, 4)) {
            Outcome o = run(server.baseUrl(), "--concurrency", "4", "--requests", "100");
            assertThat(o.failed()).as(o.console()).isZero();
            assertThat(o.retries()).isZero(); // an announced close is never written onto
            assertThat(o.records()).allSatisfy(r -> assertThat(r.client().connectionsOpened()).isEqualTo(1));
        }
    }
}
