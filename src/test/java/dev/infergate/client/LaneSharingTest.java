package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.bench.MetronomeServer;
import dev.infergate.record.Phase;
import dev.infergate.record.RecordWriter;
import dev.infergate.record.RunLog;
import dev.infergate.workload.Message;
import dev.infergate.workload.RequestSpec;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The event loops' connections act as one pool: a closed loop of N users over several event loops, against a loopback
 * server that holds streams of different lengths, never has a request wait for a busy connection while the client
 * could have carried it at once.
 *
 * <p>By structure, not by time: each lane counts the responses it saw end, in order, on its event loop; a request that
 * asked its lane's pool for a connection and was handed one whose last response ended after the ask waited for a
 * busy connection. With N connections for N users that can only happen when requests are pinned to a lane that is
 * full while another has room (what request-id-modulo-loops lanes did: request 9 of 8 users on 2 loops waited for
 * the longest stream of lane 1 while lane 0 sat idle). The control (fewer connections than users) shows the count
 * does fire.
 */
class LaneSharingTest {
    @TempDir
    Path dir;

    /** Streams of 2 to 24 events, 1 ms apart: uneven enough that lanes pinned by id would fill one while another empties. */
    private static int tokensFor(long id) {
        return 2 + (int) ((id * 7) % 23);
    }

    private record Outcome(long requests, long failed, long waitedForBusy, LaneBalancer.Accounting lanes) {}

    private Outcome closedLoop(int users, int connections, int eventLoops, int rounds) throws Exception {
        try (MetronomeServer server = MetronomeServer.start(0, 1, 0, false)
                .withDefaultTiming(1_000_000L, 1_000_000L)) {
            Endpoint endpoint = new Endpoint(URI.create(server.baseUrl()), Api.CHAT, "metronome", true, Map.of(),
                    null, false, false, Duration.ofSeconds(5));
            long total = (long) users * rounds;
            AtomicLong nextId = new AtomicLong();
            AtomicInteger failed = new AtomicInteger();
            CompletableFuture<Void> all = new CompletableFuture<>();
            AtomicLong done = new AtomicLong();
            try (HttpExecutor http = new HttpExecutor(endpoint, connections, eventLoops);
                    RecordWriter writer = new RecordWriter(dir.resolve(RunLog.REQUESTS_FILE)).countingTokensWith(String::length).start()) {
                RequestClient client = new RequestClient(http, Timeouts.DEFAULT, true, System.nanoTime(), 0, writer, 0, 0);
                RequestClient.Listener[] user = new RequestClient.Listener[1];
                user[0] = c -> {
                    if (!c.succeeded()) {
                        failed.incrementAndGet();
                    }
                    long id = nextId.getAndIncrement();
                    if (id < total) {
                        client.send(Dispatch.of(spec(id), System.nanoTime(), Phase.MEASURED), user[0]);
                    }
                    if (done.incrementAndGet() == total) {
                        all.complete(null);
                    }
                };
                for (int u = 0; u < users; u++) {
                    long id = nextId.getAndIncrement();
                    client.send(Dispatch.of(spec(id), System.nanoTime(), Phase.MEASURED), user[0]);
                }
                all.get(60, TimeUnit.SECONDS);
                return new Outcome(total, failed.get(), http.requestsWaitedForBusyConnection(), http.balancerAccounting());
            }
        }
    }

    private static RequestSpec spec(long id) {
        return new RequestSpec(id, null, List.of(Message.user("hello")), 1, tokensFor(id), null, 0, "test");
    }

    @ParameterizedTest(name = "{0} users over {1} event loops")
    @CsvSource({"8, 2", "8, 4", "64, 2", "64, 4"})
    void aClosedLoop_neverWaitsForABusyConnection_whileTheLoopsHaveRoom(int users, int eventLoops) throws Exception {
        Outcome o = closedLoop(users, users, eventLoops, 6);

        assertThat(o.failed()).isZero();
        assertThat(o.waitedForBusy()).as("requests handed a connection that was busy when they asked").isZero();
        assertThat(o.lanes().requests()).isEqualTo(o.requests());
        assertThat(o.lanes().heldWhileRoom()).isZero();
        assertThat(o.lanes().heldAtLimit()).isZero();
    }

    @ParameterizedTest(name = "{0} users over {1} event loops")
    @CsvSource({"8, 2", "64, 4"})
    void fewerConnectionsThanUsers_areCountedAsWaitsAtTheConnectionLimit(int users, int eventLoops) throws Exception {
        Outcome o = closedLoop(users, users / 2, eventLoops, 4);

        assertThat(o.failed()).isZero();
        assertThat(o.waitedForBusy()).as("the count fires when the pool is the limit").isPositive();
        assertThat(o.lanes().heldAtLimit()).isPositive();
        assertThat(o.lanes().heldWhileRoom()).isZero();
    }
}
