package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.Faults;
import dev.infergate.sim.profile.SimProfile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code infergate run --sessions} end to end against the in-process simulator (it has a prefix cache). */
class SessionsAgainstSimulatorTest {
    private static final long THINK_NANOS = 40_000_000L;

    @TempDir
    Path dir;

    private static int run(StringWriter err, String... args) {
        return run(new StringWriter(), err, args);
    }

    private static int run(StringWriter out, StringWriter err, String... args) {
        return Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private Map<String, List<RequestRecord>> bySession() {
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(dir, records::add);
        return records.stream().sorted(Comparator.comparingInt(RequestRecord::turn))
                .collect(Collectors.groupingBy(RequestRecord::session));
    }

    @Test
    void sessions_sendGrowingPromptsInTurnOrder_afterTheThinkTime_andLaterTurnsHitTheCache() throws Exception {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = run(out, err, "run", "--base-url", sim.baseUrl(), "--sessions", "3", "--turns", "3", "--warmup", "1",
                    "--think-time", "40ms", "--system-tokens", "200", "--turn-tokens", "20", "--tool-tokens", "30",
                    "--output-tokens", "8", "--out", dir.toString(), "--no-progress");
            assertThat(code).as(err.toString()).isZero();
            assertThat(out.toString()).contains("requests: 9 sent, 9 completed, 0 failed", "3 warm-up excluded",
                    "sessions: 3 of 3 completed all 3 turns").containsPattern("\\n2 +3 +\\S+ +\\S+ +\\S+ +336.0 ");
        }
        Map<String, List<RequestRecord>> sessions = bySession();
        assertThat(sessions).containsOnlyKeys("0", "1", "2", "3");
        sessions.forEach((session, turns) -> {
            assertThat(turns).extracting(RequestRecord::turn).containsExactly(0, 1, 2);
            assertThat(turns).extracting(RequestRecord::phase).containsOnly(session.equals("0") ? Phase.WARMUP : Phase.MEASURED);
            assertThat(turns).allSatisfy(r -> {
                assertThat(r.succeeded()).isTrue();
                long s = Long.parseLong(session); // warm-up session 0 first, then measured ones turn by turn
                assertThat(r.id()).isEqualTo(s == 0 ? r.turn() : 3 + r.turn() * 3L + (s - 1));
                assertThat(r.marks().sentNanos()).isGreaterThanOrEqualTo(r.marks().scheduledNanos());
                assertThat(r.tokens().cached()).isPositive(); // the system prompt was warmed before the run
            });
            assertThat(turns.get(0).tokens().input()).isEqualTo(200 + 20);
            for (int k = 1; k < 3; k++) {
                RequestRecord previous = turns.get(k - 1);
                RequestRecord turn = turns.get(k);
                assertThat(turn.marks().scheduledNanos()).isEqualTo(previous.marks().doneNanos() + THINK_NANOS);
                // the conversation so far (its real 8-token reply included), a tool result and a new message
                assertThat(turn.tokens().input()).isEqualTo(previous.tokens().input() + 8 + 30 + 20);
                // the previous turn's prompt is in the cache, in whole 16-token blocks
                assertThat(turn.tokens().cached()).isGreaterThanOrEqualTo(previous.tokens().input() / 16 * 16);
            }
        });
        JsonNode block = new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).path("sessions");
        assertThat(block.path("count").asInt()).isEqualTo(3);
        assertThat(block.path("completed").asInt()).isEqualTo(3);
        assertThat(block.path("turns_per_session").asInt()).isEqualTo(3);
        assertThat(block.path("session_total_ms").path("min").asDouble()).isGreaterThan(2 * THINK_NANOS / 1e6);
        JsonNode byTurn = block.path("by_turn");
        assertThat(byTurn).hasSize(3);
        assertThat(byTurn.get(2).path("input_tokens_mean").asDouble()).isEqualTo(220 + 2 * 58);
        assertThat(byTurn.get(2).path("cached_tokens_mean").asDouble())
                .isGreaterThan(byTurn.get(0).path("cached_tokens_mean").asDouble());
        assertThat(byTurn.get(1).path("e2e_ms").path("count").asInt()).isEqualTo(3);
    }

    @Test
    void sessionsAtAConcurrency_keepAtMostThatManyInProgress_eachNextOneScheduledWhenOneEnded() throws Exception {
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            StringWriter err = new StringWriter();
            int code = run(err, "run", "--base-url", sim.baseUrl(), "--sessions", "5", "--concurrency", "2", "--turns", "2",
                    "--warmup", "1", "--think-time", "20ms", "--system-tokens", "64", "--turn-tokens", "8", "--tool-tokens",
                    "8", "--output-tokens", "4", "--prefix", "fresh", "--out", dir.toString(), "--no-progress");
            assertThat(code).as(err.toString()).isZero();
        }
        Map<String, List<RequestRecord>> sessions = bySession();
        assertThat(sessions).containsOnlyKeys("0", "1", "2", "3", "4", "5");
        // [first turn scheduled, last turn done] of each session; its ids do not depend on the starts
        Map<Long, long[]> spans = new java.util.TreeMap<>();
        sessions.forEach((session, turns) -> {
            long s = Long.parseLong(session);
            assertThat(turns).extracting(RequestRecord::id).containsExactly(
                    s == 0 ? 0L : 2 + (s - 1), s == 0 ? 1L : 2 + 5 + (s - 1));
            assertThat(turns.get(0).tokens().cached()).as("a fresh system prompt is nobody's prefix").isLessThan(64);
            spans.put(s, new long[] {turns.get(0).marks().scheduledNanos(), turns.get(1).marks().doneNanos()});
        });
        List<Long> ends = spans.values().stream().map(span -> span[1]).sorted().toList();
        List<Long> laterStarts = new ArrayList<>();
        for (long s = 0; s < 6; s++) {
            long start = spans.get(s)[0];
            long overlapping = spans.values().stream().filter(o -> o[0] <= start && start < o[1]).count();
            assertThat(overlapping).as("sessions in progress when session %d started", s).isLessThanOrEqualTo(2);
            if (s >= 2) {
                laterStarts.add(start);
            }
        }
        // each later session starts at the done mark of a session that ended, one start per end: the first four
        // ends. Which start takes which end follows the order the ends were handled in, and two sessions ending
        // microseconds apart on different event loops may be handled in either order
        assertThat(laterStarts).containsExactlyInAnyOrderElementsOf(ends.subList(0, 4));
    }

    @Test
    void aFailedTurnEndsItsSession_andTheSummaryCountsOnlyCompleteSessions() throws Exception {
        SimProfile failing = SimProfile.bundled("baseline").withFaults(new Faults(0.25, null, null, 0, 0));
        try (SimServer sim = SimServer.start(failing, "127.0.0.1", 0, 7)) {
            int code = run(new StringWriter(), "run", "--base-url", sim.baseUrl(), "--sessions", "8", "--turns", "4",
                    "--system-tokens", "64", "--turn-tokens", "8", "--tool-tokens", "8", "--output-tokens", "4",
                    "--out", dir.toString(), "--no-progress");
            assertThat(code).isZero();
        }
        Map<String, List<RequestRecord>> sessions = bySession();
        long complete = 0;
        long failures = 0;
        for (List<RequestRecord> turns : sessions.values()) {
            for (int k = 0; k < turns.size(); k++) {
                assertThat(turns.get(k).turn()).isEqualTo(k);
                if (!turns.get(k).succeeded()) {
                    failures++;
                    assertThat(k).as("nothing is sent after a failed turn").isEqualTo(turns.size() - 1);
                }
            }
            if (turns.size() == 4 && turns.stream().allMatch(RequestRecord::succeeded)) {
                complete++;
            }
        }
        assertThat(failures).isPositive();
        JsonNode block = new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).path("sessions");
        assertThat(block.path("count").asInt()).isEqualTo(8);
        assertThat(block.path("completed").asLong()).isEqualTo(complete).isLessThan(8);
        assertThat(block.path("session_total_ms").path("count").asLong()).isEqualTo(complete);
    }

    @Test
    void sessions_withAnotherLoadOrLength_isAOneLineUsageError() {
        CliErrorsTest.assertOneLine(CliErrorsTest.run("run", "--base-url", "http://127.0.0.1:9/v1", "--sessions", "2",
                "--rate", "3", "--concurrency", "2"), 2, "--concurrency=N, --rate=R are mutually exclusive");
        CliErrorsTest.assertOneLine(CliErrorsTest.run("run", "--base-url", "http://127.0.0.1:9/v1", "--sessions", "2",
                "--rate", "3", "--max-concurrency", "2"), 2, "--max-concurrency does not apply to --sessions");
        CliErrorsTest.assertOneLine(CliErrorsTest.run("run", "--base-url", "http://127.0.0.1:9/v1", "--sessions", "2",
                "--requests", "30"), 2, "--requests does not apply to --sessions");
        CliErrorsTest.assertOneLine(CliErrorsTest.run("run", "--base-url", "http://127.0.0.1:9/v1", "--sessions", "2",
                "--warmup", "10s"), 2, "--warmup counts sessions");
        CliErrorsTest.assertOneLine(CliErrorsTest.run("run", "--base-url", "http://127.0.0.1:9/v1", "--sessions", "2",
                "--input-tokens", "64"), 2, "--input-tokens", "does not apply to --sessions");
    }

    @Test
    void sessionOptions_withoutSessions_sayWhatTheyNeed() {
        CliErrorsTest.assertOneLine(CliErrorsTest.run("run", "--base-url", "http://127.0.0.1:9/v1", "--turns", "3"), 2,
                "give it together with --sessions");
        CliErrorsTest.assertOneLine(CliErrorsTest.run("run", "--base-url", "http://127.0.0.1:9/v1", "--system-tokens", "500"),
                2, "give them with --sessions");
    }
}
