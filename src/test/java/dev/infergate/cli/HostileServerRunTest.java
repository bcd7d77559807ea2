package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.testing.HostileServer;
import dev.infergate.testing.HostileServer.Mode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code infergate run} against a hostile loopback server, one fault per test: every request keeps its record,
 * summary.json is written, and {@code summarize} rebuilds the same figures from the log.
 */
class HostileServerRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    record Outcome(int code, String out, String err) {}

    private Outcome run(HostileServer server, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "--base-url", server.baseUrl(), "--concurrency", "2",
                "--input-tokens", "16", "--output-tokens", "4", "--tokenizer", "cl100k_base", "--server-metrics", "off",
                "--out", dir.toString(), "--no-progress"));
        args.addAll(List.of(extra));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
        return new Outcome(code, out.toString(), err.toString());
    }

    private List<RequestRecord> records() {
        List<RequestRecord> records = new ArrayList<>();
        RunLog.read(dir, records::add);
        return records;
    }

    /** summary.json exists, and summarize (a separate command, from the log alone) agrees with it. */
    private JsonNode summaryAgreedBySummarize() throws Exception {
        JsonNode written = JSON.readTree(dir.resolve("summary.json").toFile());
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"summarize", dir.toString()}, new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        JsonNode rebuilt = JSON.readTree(dir.resolve("summary.json").toFile());
        assertThat(rebuilt.path("requests")).isEqualTo(written.path("requests"));
        assertThat(rebuilt.path("errors")).isEqualTo(written.path("errors"));
        assertThat(rebuilt.path("run").path("partial").asBoolean()).isFalse();
        return rebuilt;
    }

    @Test
    void emojiErrorBodies_cutOnCodePoints_everyRecordKept() throws Exception {
        try (HostileServer server = HostileServer.start(Mode.EMOJI_ERROR)) {
            Outcome o = run(server, "--requests", "40");
            assertThat(o.code()).as(o.err()).isEqualTo(3); // every request failed: said in one line
            assertThat(o.err()).doesNotContain("unexpected error").contains("every measured request failed");
            List<RequestRecord> records = records();
            assertThat(records).hasSize(40).allSatisfy(r -> {
                assertThat(r.outcome().error()).isEqualTo(ErrorClass.HTTP_5XX);
                assertThat(r.outcome().errorDetail()).startsWith("HTTP 500: \uD83D\uDE00").endsWith("\uD83D\uDE00...");
            });
            assertThat(summaryAgreedBySummarize().path("requests").path("failed").asInt()).isEqualTo(40);
        }
    }

    @Test
    void loneSurrogatesInErrorBodies_encodeAsReplacementCharacters() throws Exception {
        try (HostileServer server = HostileServer.start(Mode.LONE_SURROGATE_ERROR)) {
            Outcome o = run(server, "--requests", "20");
            assertThat(o.err()).doesNotContain("unexpected error");
            assertThat(records()).hasSize(20)
                    .allSatisfy(r -> assertThat(r.outcome().errorDetail()).isEqualTo("HTTP 500: broken \uFFFD text \uFFFD"));
            summaryAgreedBySummarize();
        }
    }

    @Test
    void loneSurrogatesInStreamedText_areCountedAndTheRunSucceeds() throws Exception {
        try (HostileServer server = HostileServer.start(Mode.LONE_SURROGATE_STREAM)) {
            Outcome o = run(server, "--requests", "20");
            assertThat(o.code()).as(o.err()).isZero();
            assertThat(records()).hasSize(20).allSatisfy(r -> {
                assertThat(r.succeeded()).isTrue();
                assertThat(r.tokens().output()).isPositive();
            });
            assertThat(summaryAgreedBySummarize().path("requests").path("completed").asInt()).isEqualTo(20);
        }
    }

    @Test
    void retryAfterVariants_areSecondsOrAbsent_neverInfinity() throws Exception {
        String inTwoMinutes = DateTimeFormatter.RFC_1123_DATE_TIME.format(Instant.now().plusSeconds(120).atOffset(ZoneOffset.UTC));
        for (String header : List.of("1e999", "-5", "NaN", "7", inTwoMinutes)) {
            Path sub = dir.resolve("ra" + Math.abs(header.hashCode()));
            dir = sub;
            try (HostileServer server = HostileServer.start(Mode.RETRY_AFTER, header)) {
                Outcome o = run(server, "--requests", "4");
                assertThat(o.err()).as(header).doesNotContain("unexpected error");
                List<RequestRecord> records = records();
                assertThat(records).hasSize(4).allSatisfy(r -> assertThat(r.outcome().error()).isEqualTo(ErrorClass.HTTP_429));
                List<Double> seconds = records.stream().map(rr -> rr.outcome().retryAfterSeconds()).distinct().toList();
                switch (header) {
                    case "7" -> assertThat(seconds).containsExactly(7.0);
                    case "1e999", "-5", "NaN" -> assertThat(seconds).containsExactly(-1.0);
                    default -> assertThat(seconds).allSatisfy(s -> assertThat(s).isBetween(60.0, 121.0));
                }
                summaryAgreedBySummarize();
            }
            dir = sub.getParent();
        }
    }

    @Test
    void anEndlessNonStreamingBody_isCutAtTheBodyLimit() throws Exception {
        try (HostileServer server = HostileServer.start(Mode.ENDLESS_BODY)) {
            Outcome o = run(server, "--requests", "4", "--no-stream", "--max-body-size", "1MiB");
            assertThat(o.err()).doesNotContain("unexpected error").doesNotContain("OutOfMemoryError");
            assertThat(records()).hasSize(4).allSatisfy(r -> {
                assertThat(r.outcome().error()).isEqualTo(ErrorClass.TOO_LARGE);
                assertThat(r.outcome().errorDetail()).isEqualTo("body too large (more than 1048576 bytes; raise --max-body-size)");
            });
            summaryAgreedBySummarize();
        }
    }

    @Test
    void aHugeValidEvent_isTooLargeWithItsSizeAndLimit() throws Exception {
        try (HostileServer server = HostileServer.start(Mode.HUGE_EVENT)) {
            Outcome o = run(server, "--requests", "2");
            assertThat(o.err()).doesNotContain("unexpected error");
            List<RequestRecord> records = records();
            assertThat(records).hasSize(2).allSatisfy(r -> {
                assertThat(r.outcome().error()).isEqualTo(ErrorClass.TOO_LARGE);
                assertThat(r.outcome().errorDetail()).matches("event too large \\(200000\\d\\d bytes > limit 16777216; raise --max-event-size\\)");
            });
            assertThat(records.stream().map(r -> r.outcome().error().key()).collect(Collectors.toSet())).containsExactly("too_large");
            summaryAgreedBySummarize();
        }
    }
}
