package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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

/** A reasoning model, as the simulator plays one: reasoning_content deltas first, then the answer. */
class ReasoningAgainstSimulatorTest {
    @TempDir
    Path dir;

    @Test
    void reasoningThenAnswer_recordsBothFirstMarks_andTheSummarySplitsTheTokens() throws Exception {
        Path out = dir.resolve("run");
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter err = new StringWriter();
            StringWriter console = new StringWriter();
            int code = RunAgainstSimulatorTest.run(console, err, "run", "--base-url", sim.baseUrl(),
                    "--requests", "5", "--input-tokens", "32", "--output-tokens", "10", "--extra-body", "{\"reasoning_tokens\": 6}",
                    "--out", out.toString(), "--no-progress", "--server-metrics", "off");
            assertThat(code).as(err.toString()).isZero();
            assertThat(console.toString()).containsPattern("\nreasoning: 5 requests · first reasoning token \\(their TTFT\\) p50 [0-9.]+ ms"
                    + " · first answer token p50 [0-9.]+ ms \\(what a chat UI that folds reasoning shows first\\) · thinking p50 [0-9.]+ ms"
                    + " · 6.0 reasoning \\+ 4.0 answer tokens per request \\(60 % reasoning\\)\n");
        }
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(out, records::add);
        assertThat(records).hasSize(5).allSatisfy(r -> {
            assertThat(r.succeeded()).isTrue();
            assertThat(r.reasoning().chunks()).isEqualTo(6);
            assertThat(r.reasoning().firstReasoningNanos()).as("TTFT keeps its meaning: the first output of any kind").isEqualTo(r.marks().firstTokenNanos());
            assertThat(r.reasoning().firstAnswerNanos()).isGreaterThan(r.reasoning().firstReasoningNanos());
            assertThat(r.firstAnswerOrTokenNanos()).isEqualTo(r.reasoning().firstAnswerNanos());
        });
        JsonNode reasoning = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("reasoning");
        assertThat(reasoning.path("requests").asInt()).isEqualTo(5);
        assertThat(reasoning.path("without_answer").asInt()).isZero();
        assertThat(reasoning.path("reasoning_tokens_mean").asDouble()).isEqualTo(6.0);
        assertThat(reasoning.path("answer_tokens_mean").asDouble()).isEqualTo(4.0);
        assertThat(reasoning.path("reasoning_token_share").asDouble()).isEqualTo(0.6);
        assertThat(reasoning.path("time_to_first_answer_ms").path("p50").asDouble())
                .isGreaterThan(reasoning.path("time_to_first_reasoning_ms").path("p50").asDouble());
        assertThat(reasoning.path("thinking_ms").path("count").asInt()).isEqualTo(5);
        assertThat(reasoning.path("reasoning_tokens_source").asText()).isEqualTo("usage");
    }

    /**
     * Three tokens per event: 6 reasoning tokens come in 2 events, the 4 answer tokens in 2 (3 + 1), so the share of
     * reasoning events (2 of 4) would say 5 reasoning tokens; the server's usage details say 6, and win.
     */
    @Test
    void severalTokensPerEvent_takesReasoningTokensFromTheUsageDetails_notTheEventShare() throws Exception {
        Path out = dir.resolve("interval");
        SimProfile p = SimProfile.bundled("baseline");
        SimProfile threePerEvent = new SimProfile(p.name(), p.description(), p.model(), p.maxModelLen(), p.maxNumSeqs(),
                p.maxNumBatchedTokens(), p.blockSize(), p.numGpuBlocks(), p.cost(), 3, p.delivery(), p.outputLength(),
                p.faults(), p.answerAccuracy());
        try (SimServer sim = SimServer.start(threePerEvent, "127.0.0.1", 0, 1)) {
            StringWriter err = new StringWriter();
            int code = RunAgainstSimulatorTest.run(new StringWriter(), err, "run", "--base-url", sim.baseUrl(),
                    "--requests", "3", "--input-tokens", "32", "--output-tokens", "10", "--extra-body", "{\"reasoning_tokens\": 6}",
                    "--out", out.toString(), "--no-progress", "--server-metrics", "off");
            assertThat(code).as(err.toString()).isZero();
        }
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(out, records::add);
        assertThat(records).hasSize(3).allSatisfy(r -> {
            assertThat(r.events().chunks()).isEqualTo(4);
            assertThat(r.reasoning().chunks()).isEqualTo(2);
            assertThat(r.reasoning().usageTokens()).isEqualTo(6);
        });
        JsonNode reasoning = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("reasoning");
        assertThat(reasoning.path("reasoning_tokens_mean").asDouble()).isEqualTo(6.0);
        assertThat(reasoning.path("answer_tokens_mean").asDouble()).isEqualTo(4.0);
        assertThat(reasoning.path("reasoning_tokens_source").asText()).isEqualTo("usage");
    }

    @Test
    void aPlainAnswer_hasNoReasoningBlock_andItsFirstTokenIsTheAnswer() throws Exception {
        Path out = dir.resolve("plain");
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            int code = RunAgainstSimulatorTest.run(new StringWriter(), new StringWriter(), "run", "--base-url", sim.baseUrl(),
                    "--requests", "2", "--input-tokens", "32", "--output-tokens", "4", "--out", out.toString(), "--no-progress",
                    "--server-metrics", "off");
            assertThat(code).isZero();
        }
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(out, records::add);
        assertThat(records).allSatisfy(r -> {
            assertThat(r.reasoning().chunks()).isZero();
            assertThat(r.reasoning().firstAnswerNanos()).isEqualTo(RequestRecord.ABSENT);
            assertThat(r.firstAnswerOrTokenNanos()).isEqualTo(r.marks().firstTokenNanos());
        });
        assertThat(new ObjectMapper().readTree(out.resolve("summary.json").toFile()).has("reasoning")).isFalse();
    }
}
