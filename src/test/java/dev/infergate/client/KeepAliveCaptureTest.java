package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.Phase;
import dev.infergate.record.RecordWriter;
import dev.infergate.record.RunLog;
import dev.infergate.testing.Fixture;
import dev.infergate.testing.ReplayServer;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real llama-server capture of a stream under keep-alive: its headers say {@code Keep-Alive: timeout=5,
 * max=100}, and the connection closes right after the terminating chunk. Replayed (20 times faster) by a server
 * that closes each connection after its response, as llama-server did, no request may be lost to a closed
 * connection.
 */
class KeepAliveCaptureTest {
    @TempDir
    Path dir;

    @Test
    void llamaServerClosingAfterEveryStream_underKeepAlive_losesNoRequest() throws Exception {
        Fixture capture = Fixture.load("keepalive_completions_stream");
        assertThat(capture.response().headers()).containsEntry("keep-alive", "timeout=5, max=100");
        List<ReplayServer.Step> faster = capture.reads().stream()
                .map(r -> new ReplayServer.Step(r.tNanos() / 20, r.bytes())).toList();
        int requests = 40;
        try (ReplayServer server = ReplayServer.scripted(faster)) {
            Endpoint endpoint = new Endpoint(URI.create(server.baseUrl() + "/v1"), Api.COMPLETIONS, "random-llama", true,
                    Map.of(), null, false, false, Duration.ofSeconds(5));
            try (HttpExecutor http = new HttpExecutor(endpoint, 4, 1);
                    RecordWriter writer = new RecordWriter(dir.resolve(RunLog.REQUESTS_FILE)).countingTokensWith(String::length).start()) {
                RequestClient client = new RequestClient(http, Timeouts.DEFAULT, true, System.nanoTime(), 0, writer, 0, 0);
                List<CompletableFuture<Completion>> done = new ArrayList<>();
                for (int i = 0; i < requests; i++) { // all at once over a pool of 4: each waiter gets a just-finished connection
                    CompletableFuture<Completion> f = new CompletableFuture<>();
                    client.send(Dispatch.of(RequestClientTest.spec(i), System.nanoTime(), Phase.MEASURED), f::complete);
                    done.add(f);
                }
                for (CompletableFuture<Completion> f : done) {
                    f.get(60, TimeUnit.SECONDS);
                }
                assertThat(done).allSatisfy(f -> assertThat(f.join().error()).as(f.join().errorDetail()).isNull());
                assertThat(server.requests()).hasSize(requests); // each reached the server once
                assertThat(http.connectionPolicy().connectionsOpened()).isGreaterThanOrEqualTo(requests);
            }
        }
    }
}
