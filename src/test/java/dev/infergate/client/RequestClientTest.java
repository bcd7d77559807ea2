package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.Phase;
import dev.infergate.record.RecordWriter;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.record.TokenSource;
import dev.infergate.testing.Fixture;
import dev.infergate.testing.HostileServer;
import dev.infergate.testing.ReplayServer;
import dev.infergate.testing.Script;
import dev.infergate.workload.Message;
import dev.infergate.workload.RequestSpec;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real client against real captured server bytes on loopback. Tolerances are loose on purpose: they
 * absorb scheduling noise on a loaded CI machine while still catching a mark taken at the wrong event.
 */
class RequestClientTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    static RequestSpec spec(long id) {
        return new RequestSpec(id, null, List.of(Message.user("hello")), 1, 100, null, 0, "test");
    }

    /** Sends one request to {@code server} and returns its record as written to requests.jsonl. */
    RequestRecord sendOne(String baseUrl, Timeouts timeouts, boolean stream) throws Exception {
        return send(baseUrl, timeouts, stream, 1);
    }

    /**
     * Sends {@code count} requests one after another and returns the last record: earlier ones warm the
     * JVM up (class loading and JIT would otherwise delay the handling of the first reads by tens of ms).
     */
    RequestRecord send(String baseUrl, Timeouts timeouts, boolean stream, int count) throws Exception {
        Endpoint endpoint = new Endpoint(URI.create(baseUrl + "/v1"), Api.CHAT, "m", stream, Map.of("Authorization", "Bearer secret-key"),
                null, false, false, Duration.ofSeconds(5));
        long origin = System.nanoTime();
        try (HttpExecutor http = new HttpExecutor(endpoint, 4, 1);
                RecordWriter writer = new RecordWriter(dir.resolve(RunLog.REQUESTS_FILE)).countingTokensWith(String::length).start()) {
            RequestClient client = new RequestClient(http, timeouts, true, origin, 0, writer, 1, 10);
            for (int i = 0; i < count; i++) {
                CompletableFuture<Completion> done = new CompletableFuture<>();
                client.send(Dispatch.of(spec(i), System.nanoTime(), Phase.MEASURED), done::complete);
                done.get(30, TimeUnit.SECONDS);
            }
        }
        List<RequestRecord> written = new ArrayList<>();
        RunLog.readRecords(dir, written::add);
        assertThat(written).hasSize(count);
        return written.get(count - 1);
    }

    @Test
    void requestsAbandonedAtTheRunsEnd_getOneRecordEach_thoughTheirStarvedEventLoopEndsThemLater() throws Exception {
        try (HostileServer server = HostileServer.start(HostileServer.Mode.HOLD)) {
            Endpoint endpoint = new Endpoint(URI.create(server.baseUrl()), Api.CHAT, "hostile", true, Map.of(), null, false,
                    false, Duration.ofSeconds(5));
            List<Completion> told = java.util.Collections.synchronizedList(new ArrayList<>());
            try (HttpExecutor http = new HttpExecutor(endpoint, 4, 1); // one event loop: blocking it starves every request
                    RecordWriter writer = new RecordWriter(dir.resolve(RunLog.REQUESTS_FILE)).start()) {
                RequestClient client = new RequestClient(http, Timeouts.DEFAULT, true, System.nanoTime(), 0, writer, 0, 0);
                for (int i = 0; i < 3; i++) {
                    client.send(Dispatch.of(spec(i), System.nanoTime(), Phase.MEASURED), told::add);
                }
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (server.measuredRequests() < 3 && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                assertThat(server.measuredRequests()).as("all three held by the server").isEqualTo(3);
                CountDownLatch starved = new CountDownLatch(1);
                HttpExecutor.Lane lane = http.acquireLane();
                http.releaseLane(lane);
                lane.context().runOnContext(v -> awaitQuietly(starved));
                client.cancelAll("the drain ended"); // these aborts wait behind the starved loop

                assertThat(client.abandonRemaining("the run ended")).isEqualTo(3);
                assertThat(client.inFlight()).isZero();
                client.send(Dispatch.of(spec(3), System.nanoTime(), Phase.MEASURED), told::add); // handed over too late
                starved.countDown();
                CountDownLatch caughtUp = new CountDownLatch(1);
                lane.context().runOnContext(v -> caughtUp.countDown());
                assertThat(caughtUp.await(30, TimeUnit.SECONDS)).isTrue();
                assertThat(told).as("the late ends are not told a second time").isEmpty();
            }
            List<RequestRecord> written = new ArrayList<>();
            RunLog.readRecords(dir, written::add);
            assertThat(written).extracting(RequestRecord::id).containsExactlyInAnyOrder(0L, 1L, 2L, 3L);
            assertThat(written).allSatisfy(r -> assertThat(r.outcome().error()).isEqualTo(ErrorClass.CANCELLED));
            assertThat(written).filteredOn(r -> r.id() < 3).extracting(r -> r.outcome().errorDetail()).containsOnly("the run ended");
            assertThat(written).filteredOn(r -> r.id() == 3).extracting(r -> r.outcome().errorDetail())
                    .containsOnly("never sent: the run had ended");
            assertThat(server.measuredRequests()).as("the request handed over after the end was not sent").isEqualTo(3);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void chatStream_marksFollowTheCapturedTimeline() throws Exception {
        Fixture fixture = Fixture.load("chat_stream");
        try (ReplayServer server = ReplayServer.replaying(fixture)) {
            RequestRecord r = send(server.baseUrl(), Timeouts.DEFAULT, true, 3);
            assertThat(r.outcome().error()).isNull();
            assertThat(r.outcome().status()).isEqualTo(200);
            assertThat(r.tokens().outputSource()).isEqualTo(TokenSource.USAGE);
            assertThat(r.tokens().output()).isEqualTo(100);
            assertThat(r.events().chunks()).isEqualTo(100);
            // the server's read at 67.1 ms carries the role event and then the first content event; exact marks
            // per read are tested without sockets (StreamTimelineFixtureTest): here the upper bounds only absorb
            // a loaded machine's scheduling delays. The server's clock starts when it read the request, which lies
            // between the start of the write (dispatch) and the client noticing the write completed (sent): a
            // preempted event loop can notice late, so the lower bounds hold from dispatch, the upper from sent
            long write = r.writeNanos();
            assertThat(r.ttftNanos()).isLessThanOrEqualTo(67 * MS + 300 * MS);
            assertThat(r.ttftNanos() + write).isGreaterThanOrEqualTo(67 * MS);
            assertThat(r.e2eNanos()).isLessThanOrEqualTo(912 * MS + 500 * MS);
            assertThat(r.e2eNanos() + write).isGreaterThanOrEqualTo(912 * MS);
            assertThat(r.e2eNanos() - r.ttftNanos()).isGreaterThan(700 * MS); // the stream really was spread out
            assertThat(r.events().itlHistogram()).isNotNull();
            assertThat(r.events().eventOffsetsNanos()).hasSize(100);
            assertThat(r.tokens().cached()).isGreaterThanOrEqualTo(0);
        }
    }

    @Test
    void theClientMarks_reachTheLog_inTheirOrder() throws Exception {
        try (ReplayServer server = ReplayServer.replaying(Fixture.load("chat_stream"))) {
            RequestRecord r = send(server.baseUrl(), Timeouts.DEFAULT, true, 2);
            assertThat(r.marks().slotNanos()).as("a slot was free at once").isEqualTo(r.marks().scheduledNanos());
            assertThat(r.client().connectWaitNanos()).isNotEqualTo(RequestRecord.ABSENT).isGreaterThanOrEqualTo(0);
            assertThat(r.marks().dispatchNanos()).isGreaterThanOrEqualTo(r.marks().slotNanos() + r.client().connectWaitNanos());
            assertThat(r.marks().sentNanos()).as("sent when the write completed").isGreaterThanOrEqualTo(r.marks().dispatchNanos())
                    .isLessThanOrEqualTo(r.marks().headersNanos());
            assertThat(r.queueWaitNanos()).isZero();
            assertThat(r.clientLagNanos()).isGreaterThanOrEqualTo(0);
            assertThat(r.writeNanos()).isGreaterThanOrEqualTo(0);
        }
    }

    @Test
    void streamWithoutUsage_countsOutputTokensClientSide() throws Exception {
        try (ReplayServer server = ReplayServer.replaying(Fixture.load("chat_stream_without_stream_options"))) {
            RequestRecord r = sendOne(server.baseUrl(), Timeouts.DEFAULT, true);
            assertThat(r.outcome().error()).isNull();
            assertThat(r.tokens().outputSource()).isEqualTo(TokenSource.CLIENT);
            assertThat(r.tokens().output()).isPositive(); // counted by the writer's counter (here: characters)
        }
    }

    @Test
    void midStreamError_isClassifiedNotDropped() throws Exception {
        try (ReplayServer server = ReplayServer.replaying(Fixture.load("error_chat_stream_midstream_500"))) {
            RequestRecord r = sendOne(server.baseUrl(), Timeouts.DEFAULT, true);
            assertThat(r.outcome().error()).isIn(ErrorClass.STREAM_ERROR, ErrorClass.INCOMPLETE);
            assertThat(r.outcome().errorDetail()).isNotBlank();
        }
    }

    @Test
    void failedStream_countsTheOutputEventsReceived_notARetokenisedText() throws Exception {
        String event = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\" several words here\"}}]}\n\n";
        List<ReplayServer.Step> steps = Script.eventStream().then(MS, event).then(MS, event).then(MS, event).steps();
        try (ReplayServer server = ReplayServer.scripted(steps)) { // the body ends without [DONE]: incomplete
            RequestRecord r = sendOne(server.baseUrl(), Timeouts.DEFAULT, true);
            assertThat(r.outcome().error()).isNotNull();
            assertThat(r.events().chunks()).isEqualTo(3);
            assertThat(r.tokens().outputSource()).isEqualTo(TokenSource.EVENTS);
            assertThat(r.tokens().output()).isEqualTo(3); // the test writer counts characters: 54 as CLIENT
        }
    }

    @Test
    void stalledStream_failsWithIdleTimeoutInsteadOfHangingTheRun() throws Exception {
        List<ReplayServer.Step> steps = Script.eventStream()
                .then(5 * MS, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"}}]}\n\n")
                .then(30_000 * MS, "data: [DONE]\n\n").end(0).steps();
        try (ReplayServer server = ReplayServer.scripted(steps)) {
            RequestRecord r = sendOne(server.baseUrl(), new Timeouts(Duration.ofSeconds(5), Duration.ofMillis(300), Duration.ofSeconds(20)), true);
            assertThat(r.outcome().error()).isEqualTo(ErrorClass.TIMEOUT_IDLE);
            assertThat(r.events().chunks()).isEqualTo(1);
            assertThat(r.marks().doneNanos() - r.marks().sentNanos()).isBetween(300 * MS, 5_000 * MS);
        }
    }

    @Test
    void noFirstToken_failsWithFirstTokenTimeout() throws Exception {
        List<ReplayServer.Step> steps = Script.eventStream()
                .then(MS, ": keep-alive\n\n").then(100 * MS, ": keep-alive\n\n").then(100 * MS, ": keep-alive\n\n")
                .then(100 * MS, ": keep-alive\n\n").then(30_000 * MS, "data: [DONE]\n\n").end(0).steps();
        try (ReplayServer server = ReplayServer.scripted(steps)) {
            RequestRecord r = sendOne(server.baseUrl(), new Timeouts(Duration.ofMillis(250), Duration.ofSeconds(10), Duration.ofSeconds(20)), true);
            assertThat(r.outcome().error()).isEqualTo(ErrorClass.TIMEOUT_FIRST_TOKEN);
            assertThat(r.marks().firstTokenNanos()).isEqualTo(RequestRecord.ABSENT);
            assertThat(r.marks().doneNanos() - r.marks().sentNanos()).as("never before the limit").isGreaterThanOrEqualTo(250 * MS);
        }
    }

    @Test
    void streamThatNeverEnds_failsWithTotalTimeoutThoughEventsKeepComing() throws Exception {
        Script script = Script.eventStream();
        for (int i = 0; i < 40; i++) {
            script = script.then(50 * MS, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"x\"}}]}\n\n");
        }
        try (ReplayServer server = ReplayServer.scripted(script.then(MS, "data: [DONE]\n\n").end(0).steps())) {
            RequestRecord r = sendOne(server.baseUrl(), new Timeouts(Duration.ofSeconds(5), Duration.ofMillis(300), Duration.ofMillis(600)), true);
            assertThat(r.outcome().error()).isEqualTo(ErrorClass.TIMEOUT_TOTAL);
            assertThat(r.events().chunks()).as("events kept arriving within the idle limit").isGreaterThan(3);
            assertThat(r.marks().doneNanos() - r.marks().sentNanos()).as("never before the limit").isGreaterThanOrEqualTo(600 * MS);
        }
    }

    @Test
    void rateLimit_keepsRetryAfter() throws Exception {
        List<ReplayServer.Step> steps = List.of(new ReplayServer.Step(0, ("HTTP/1.1 429 Too Many Requests\r\nRetry-After: 7\r\n"
                + "Content-Type: application/json\r\nContent-Length: 40\r\nConnection: close\r\n\r\n"
                + "{\"error\":{\"message\":\"slow down please\"}}").getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        try (ReplayServer server = ReplayServer.scripted(steps)) {
            RequestRecord r = sendOne(server.baseUrl(), Timeouts.DEFAULT, true);
            assertThat(r.outcome().error()).isEqualTo(ErrorClass.HTTP_429);
            assertThat(r.outcome().retryAfterSeconds()).isEqualTo(7.0);
            assertThat(r.outcome().errorDetail()).contains("slow down");
        }
    }

    @Test
    void refusedConnection_isAConnectError() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        RequestRecord r = sendOne("http://127.0.0.1:" + port, Timeouts.DEFAULT, true);
        assertThat(r.outcome().error()).isEqualTo(ErrorClass.CONNECT);
        assertThat(r.marks().sentNanos()).isEqualTo(RequestRecord.ABSENT);
    }

    @Test
    void nonStreaming_firstTokenIsTheWholeBody() throws Exception {
        try (ReplayServer server = ReplayServer.replaying(Fixture.load("chat_nonstream"))) {
            RequestRecord r = sendOne(server.baseUrl(), Timeouts.DEFAULT, false);
            assertThat(r.outcome().error()).isNull();
            assertThat(r.events().chunks()).isEqualTo(1);
            assertThat(r.marks().firstTokenNanos()).isEqualTo(r.marks().lastTokenNanos());
            assertThat(r.tokens().outputSource()).isEqualTo(TokenSource.USAGE);
        }
    }

    @Test
    void secrets_neverReachTheRecords() throws Exception {
        try (ReplayServer server = ReplayServer.replaying(Fixture.load("chat_stream"))) {
            sendOne(server.baseUrl(), Timeouts.DEFAULT, true);
            assertThat(java.nio.file.Files.readString(dir.resolve(RunLog.REQUESTS_FILE))).doesNotContain("secret-key");
            assertThat(server.requests()).anySatisfy(req -> assertThat(req.head()).contains("Bearer secret-key"));
        }
    }

    @Test
    void everyRequest_carriesARequestIdHeader_endingInItsId_sameRunPrefix() throws Exception {
        try (ReplayServer server = ReplayServer.replaying(Fixture.load("chat_stream"))) {
            send(server.baseUrl(), Timeouts.DEFAULT, true, 2);
            List<String> ids = server.requests().stream()
                    .map(req -> req.head().lines().filter(l -> l.toLowerCase(java.util.Locale.ROOT).startsWith("x-request-id:"))
                            .findFirst().orElseThrow().substring("x-request-id:".length()).trim())
                    .toList();
            assertThat(ids).hasSize(2);
            assertThat(ids.get(0)).matches("infergate-[0-9a-f]+-0");
            assertThat(ids.get(1)).isEqualTo(ids.get(0).substring(0, ids.get(0).length() - 1) + "1");
        }
    }
}
