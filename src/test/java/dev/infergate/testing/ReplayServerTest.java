package dev.infergate.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.client.StreamResult;
import dev.infergate.client.StreamTimeline;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** End to end on loopback: a plain socket client against the replay server, timing each read itself. */
class ReplayServerTest {

    private static final long MS = 1_000_000L;

    /** Sends a request and keeps every read with its time relative to when the request was written. */
    private static List<Fixture.Read> exchange(int port, String body) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + bytes.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(bytes);
            out.flush();
            long sent = System.nanoTime();
            InputStream in = socket.getInputStream();
            List<Fixture.Read> reads = new ArrayList<>();
            byte[] buf = new byte[64 * 1024];
            for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                reads.add(new Fixture.Read(System.nanoTime() - sent, Arrays.copyOf(buf, n)));
            }
            return reads;
        }
    }

    private static byte[] concat(List<Fixture.Read> reads) {
        return new Fixture("received", null, reads).allBytes();
    }

    @Test
    void replayedFixture_arrivesByteForByte_noEarlierThanRecorded() throws IOException {
        Fixture fixture = Fixture.load("completions_stream");
        try (ReplayServer server = ReplayServer.replaying(fixture)) {
            List<Fixture.Read> reads = exchange(server.port(), "{\"stream\":true}");
            assertThat(concat(reads)).isEqualTo(fixture.allBytes());
            long lastRecorded = fixture.reads().get(fixture.reads().size() - 1).tNanos();
            assertThat(reads.get(reads.size() - 1).tNanos()).isGreaterThanOrEqualTo(lastRecorded);
            assertThat(server.requests()).singleElement().satisfies(r -> {
                assertThat(r.head()).startsWith("POST /v1/chat/completions HTTP/1.1");
                assertThat(r.bodyText()).isEqualTo("{\"stream\":true}");
            });
        }
    }

    @Test
    void scriptedStream_overRealSockets_givesTheScriptedGapsToTheTimeline() throws IOException {
        String event = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"x\"}}]}\n\n";
        List<ReplayServer.Step> script = Script.eventStream()
                .then(20 * MS, event)
                .then(30 * MS, ": keep-alive\n\n")
                .then(50 * MS, event)
                .then(0, "data: [DONE]\n\n")
                .end(0)
                .steps();
        try (ReplayServer server = ReplayServer.scripted(script)) {
            WireResponse w = WireResponse.parse(exchange(server.port(), "{}"), -1);
            StreamTimeline t = new StreamTimeline(true, false);
            t.onSent(0);
            t.onHeaders(w.status(), w.headersNanos());
            w.bodyReads().forEach(r -> t.onBytes(r.bytes(), 0, r.bytes().length, r.arrivalNanos()));
            t.onEnd(w.bodyEndNanos());
            StreamResult r = t.result();

            assertThat(r.outcome().failure()).isNull();
            assertThat(r.events().chunks()).isEqualTo(2);
            assertThat(r.marks().firstTokenNanos()).isGreaterThanOrEqualTo(20 * MS);
            assertThat(r.events().itlGapsMicros()).hasSize(1);
            // the gap runs between the reads that carried the two events, whatever the ping in between;
            // (under load the first event can leave late, so the scripted 80 ms is not a bound)
            List<Long> eventReads = w.bodyReads().stream()
                    .filter(b -> new String(b.bytes(), StandardCharsets.UTF_8).contains("\"content\""))
                    .map(WireResponse.BodyRead::arrivalNanos).toList();
            assertThat(eventReads).hasSize(2);
            long expectedMicros = (eventReads.get(1) - eventReads.get(0)) / 1000;
            assertThat(r.events().itlGapsMicros()[0]).isEqualTo((int) expectedMicros);
        }
    }

    @Test
    void jsonScript_isAWholeResponseWithContentLength() throws IOException {
        try (ReplayServer server = ReplayServer.scripted(Script.json(429, "{\"error\":{\"message\":\"busy\"}}"))) {
            WireResponse w = WireResponse.parse(exchange(server.port(), "{}"), -1);
            assertThat(w.status()).isEqualTo(429);
            assertThat(new String(w.body(), StandardCharsets.UTF_8)).isEqualTo("{\"error\":{\"message\":\"busy\"}}");
            assertThat(w.bodyEndNanos()).isPositive();
        }
    }

    @Test
    void fixtureSplitter_dechunksTheBody_andFindsTheEndAtTheLastChunk() {
        Fixture chat = Fixture.load("chat_nonstream");
        WireResponse w = chat.response();
        assertThat(w.body()).hasSize(Integer.parseInt(w.headers().get("content-length")));
        WireResponse stream = Fixture.load("chat_stream").response();
        assertThat(new String(stream.body(), StandardCharsets.UTF_8)).startsWith("data: {").endsWith("data: [DONE]\n\n");
        assertThat(stream.bodyEndNanos()).isEqualTo(912_456_817L); // the read carrying the final CRLF
    }
}
