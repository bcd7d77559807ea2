package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.RecordCodec;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code summarize} on what crashes, kills and corruption leave behind. */
class SummarizeCommandTest {
    @TempDir
    Path dir;

    private static String runJson(String endedAt, int requests) {
        return "{\"schema\":\"infergate.run/1\",\"started_at\":\"2026-01-01T00:00:00Z\""
                + (endedAt == null ? "" : ",\"ended_at\":" + endedAt)
                + ",\"load\":{\"requests\":" + requests + ",\"duration_s\":null,\"warmup_requests\":0,\"shard\":\"0/1\"}}";
    }

    private static String lines(long count) {
        return LongStream.range(0, count).mapToObj(i -> RecordCodec.toJson(RequestRecord.builder(i)
                .scheduledNanos(10 * i).sentNanos(10 * i + 1).headersNanos(10 * i + 2).firstTokenNanos(10 * i + 3)
                .lastTokenNanos(10 * i + 4).doneNanos(10 * i + 5).status(200).inputTokens(8).outputTokens(1)
                .outputTokensSource(TokenSource.USAGE).chunks(1).build()) + "\n").collect(Collectors.joining());
    }

    private JsonNode run() throws Exception {
        return new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).path("run");
    }

    @Test
    void aCapacityFolder_isPrintedAgainFromItsCapacityJson_andNothingIsWritten() throws Exception {
        var results = new java.util.LinkedHashMap<String, dev.infergate.analysis.capacity.CapacitySearch.Result>();
        results.put("baseline", dev.infergate.report.CapacityReportTest.search(20, 1));
        dev.infergate.report.CapacityReport.write(dir, dev.infergate.report.CapacityReport.document(results, 0.95,
                dev.infergate.analysis.Slo.parse("ttft=2s")));

        CliErrorsTest.Outcome o = CliErrorsTest.run("summarize", dir.toString());

        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.out()).startsWith("capacity at 95% SLO attainment (ttft=2s)").contains("baseline: ")
                .contains("capacity: " + dir.resolve("capacity.json"));
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("capacity.json");
        }
    }

    @Test
    void aRunThatNeverEnded_isPartial_evenWithEveryLineWhole() throws Exception {
        Files.writeString(dir.resolve("run.json"), runJson("null", 10));
        Files.writeString(dir.resolve("requests.jsonl"), lines(4));
        CliErrorsTest.Outcome o = CliErrorsTest.run("summarize", dir.toString());
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(run().path("partial").asBoolean()).isTrue();
        assertThat(run().path("partial_reason").asText()).contains("killed or crashed");
        assertThat(o.out()).contains("PARTIAL");
    }

    @Test
    void aRunThatEnded_isWhole() throws Exception {
        Files.writeString(dir.resolve("run.json"), runJson("\"2026-01-01T00:01:00Z\"", 4));
        Files.writeString(dir.resolve("requests.jsonl"), lines(4));
        assertThat(CliErrorsTest.run("summarize", dir.toString()).code()).isZero();
        assertThat(run().path("partial").asBoolean()).isFalse();
        assertThat(run().has("partial_reason")).isFalse();
    }

    @Test
    void aTornLastLine_isSkippedWithOneWarningLine_andMarksThePartialRun() throws Exception {
        Files.writeString(dir.resolve("run.json"), runJson("null", 10));
        String log = lines(5);
        Files.writeString(dir.resolve("requests.jsonl"), log.substring(0, log.length() - 40)); // kill -9 mid-write
        CliErrorsTest.Outcome o = CliErrorsTest.run("summarize", dir.toString());
        assertThat(o.code()).isZero();
        assertThat(o.err().strip().lines().count()).isEqualTo(1);
        assertThat(o.err()).contains("warning").contains("line 5 is torn");
        assertThat(run().path("torn_last_line").asInt()).isEqualTo(5);
        assertThat(run().path("partial").asBoolean()).isTrue();
        assertThat(new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).path("requests").path("sent").asInt())
                .isEqualTo(4);
    }

    @Test
    void anOldLogWithoutEndMarker_isPartialWhenItHasFewerRecordsThanPlanned() throws Exception {
        Files.writeString(dir.resolve("run.json"), runJson(null, 4000));
        Files.writeString(dir.resolve("requests.jsonl"), lines(15));
        assertThat(CliErrorsTest.run("summarize", dir.toString()).code()).isZero();
        assertThat(run().path("partial_reason").asText()).isEqualTo("15 of 4000 planned requests have a record");
    }

    @Test
    void aBadLineInTheMiddle_orGarbage_isRefusedInOneLineNamingIt() throws Exception {
        Files.writeString(dir.resolve("run.json"), runJson("null", 10));
        String log = lines(3);
        Files.writeString(dir.resolve("requests.jsonl"), log.replaceFirst("\\{\"id\":1,", "{\"id\":1,\u0001"));
        CliErrorsTest.assertOneLine(CliErrorsTest.run("summarize", dir.toString()), 3, "requests.jsonl line 2: not valid JSON");
        Files.writeString(dir.resolve("requests.jsonl"), "this is not a log\n");
        CliErrorsTest.assertOneLine(CliErrorsTest.run("summarize", dir.toString()), 3, "line 1");
        Files.write(dir.resolve("requests.jsonl"), new byte[] {(byte) 0xFF, (byte) 0xFE, '\n'});
        CliErrorsTest.assertOneLine(CliErrorsTest.run("summarize", dir.toString()), 3, "line 1: not valid UTF-8");
        assertThat(dir.resolve("summary.json")).doesNotExist();
    }

    @Test
    void anOldRecordWithInfinityRetryAfter_readsAsAbsent() throws Exception {
        Files.writeString(dir.resolve("run.json"), runJson("\"x\"", 1));
        Files.writeString(dir.resolve("requests.jsonl"), "{\"id\":0,\"scheduled_ns\":1,\"outcome\":\"http_429\",\"status\":429,"
                + "\"retry_after_s\":\"Infinity\",\"done_ns\":5}\n");
        CliErrorsTest.Outcome o = CliErrorsTest.run("summarize", dir.toString());
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).path("errors").path(ErrorClass.HTTP_429.key())
                .asInt()).isEqualTo(1);
    }
}
