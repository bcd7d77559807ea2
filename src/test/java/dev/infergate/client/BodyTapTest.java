package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The tap on a real Netty pipeline (an embedded channel with Netty's HTTP/1.1 codec), fed bytes read by read. */
class BodyTapTest {
    private static final String HEAD = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n";

    /** What reached the handler after the tap (Vert.x's place): message kinds, and body text. */
    private static final class Downstream extends ChannelInboundHandlerAdapter {
        final List<String> seen = new ArrayList<>();
        BodyTap tapOfThisChannel;
        long headReadNanos;

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            seen.add("inactive");
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpResponse r) {
                seen.add("head " + r.status().code());
                headReadNanos = tapOfThisChannel == null ? -1 : tapOfThisChannel.readNanosOrNow();
            }
            if (msg instanceof HttpContent c) {
                seen.add((msg instanceof LastHttpContent ? "last " : "chunk ") + c.content().toString(StandardCharsets.UTF_8));
            }
            ReferenceCountUtil.release(msg);
        }
    }

    /** What the sink got: each call's text and stamp. */
    private static final class Recorded implements BodyTap.Sink {
        final List<String> bodies = new ArrayList<>();
        final List<Long> stamps = new ArrayList<>();

        @Override
        public void onBody(byte[] buf, int off, int len, long arrivalNanos) {
            bodies.add(new String(buf, off, len, StandardCharsets.UTF_8));
            stamps.add(arrivalNanos);
        }
    }

    private final AtomicLong clock = new AtomicLong(1_000);
    private final Downstream downstream = new Downstream();
    private final EmbeddedChannel channel = new EmbeddedChannel(new HttpClientCodec());
    private final BodyTap tap;

    BodyTapTest() {
        channel.pipeline().addLast("vertx", downstream);
        tap = BodyTap.install(channel.pipeline(), "vertx", clock::get);
        downstream.tapOfThisChannel = tap;
    }

    /**
     * A read as the event loop does it: the pipeline gets the bytes, the tasks run later (after the other sockets'
     * reads). An embedded channel runs its tasks when asked to read again, which only auto-read does.
     */
    private void readHeld(long atNanos, String bytes) {
        channel.config().setAutoRead(false);
        clock.set(atNanos);
        channel.pipeline().fireChannelRead(Unpooled.copiedBuffer(bytes, StandardCharsets.UTF_8));
        channel.pipeline().fireChannelReadComplete();
    }

    private void read(long atNanos, String bytes) {
        clock.set(atNanos);
        channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.UTF_8));
    }

    private static String chunk(String data) {
        return Integer.toHexString(data.getBytes(StandardCharsets.UTF_8).length) + "\r\n" + data + "\r\n";
    }

    @Test
    void withASinkAttached_chunksGoToTheSink_stampedWithTheirRead_andTheEndGoesOn() {
        assertThat(tap).isNotNull();
        read(2_000, HEAD);
        Recorded sink = new Recorded();
        tap.attach(sink);
        read(3_000, chunk("data: {\"a\":1}\n\n"));
        read(4_000, chunk("data: {\"b\":2}\n\n") + chunk("data: [DONE]\n\n"));
        read(5_000, "0\r\n\r\n");

        assertThat(sink.bodies).containsExactly("data: {\"a\":1}\n\n", "data: {\"b\":2}\n\n", "data: [DONE]\n\n");
        assertThat(sink.stamps).containsExactly(3_000L, 4_000L, 4_000L); // one clock read per read, not per chunk
        assertThat(downstream.seen).containsExactly("head 200", "last ");
    }

    @Test
    void withoutASink_everythingGoesOnAsBefore() {
        read(2_000, HEAD + chunk("data: x\n\n"));
        Recorded sink = new Recorded();
        tap.attach(sink);
        tap.detach(sink);
        read(3_000, chunk("data: y\n\n") + "0\r\n\r\n");

        assertThat(sink.bodies).isEmpty();
        assertThat(downstream.seen).containsExactly("head 200", "chunk data: x\n\n", "chunk data: y\n\n", "last ");
    }

    @Test
    void detach_byAnotherSink_leavesTheAttachedOne() {
        read(2_000, HEAD);
        Recorded sink = new Recorded();
        tap.attach(sink);
        tap.detach(new Recorded()); // a finished earlier request on the same connection
        read(3_000, chunk("data: z\n\n"));

        assertThat(sink.bodies).containsExactly("data: z\n\n");
    }

    @Test
    void aContentLengthBody_endsInALastChunkThatCarriesBytes_andVertxGetsThem() {
        read(2_000, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n");
        Recorded sink = new Recorded();
        tap.attach(sink);
        read(3_000, "hello");

        assertThat(sink.bodies).isEmpty();
        assertThat(downstream.seen).containsExactly("head 200", "last hello");
    }

    @Test
    void aChunkLargerThanTheReusedArray_isHandedOverWhole() {
        read(2_000, HEAD);
        Recorded sink = new Recorded();
        tap.attach(sink);
        String big = "data: " + "x".repeat(20_000) + "\n\n";
        read(3_000, chunk(big));

        assertThat(String.join("", sink.bodies)).isEqualTo(big);
    }

    @Test
    void theSwallowedChunks_areReleased() {
        read(2_000, HEAD);
        tap.attach(new Recorded());
        ByteBuf bytes = Unpooled.copiedBuffer(chunk("data: q\n\n"), StandardCharsets.UTF_8);
        channel.writeInbound(bytes);

        assertThat(bytes.refCnt()).isZero();
    }

    @Test
    void reads_areStampedWhenRead_andDecodedOnlyAfterTheEventLoopsOtherReads() {
        read(2_000, HEAD);
        Recorded sink = new Recorded();
        tap.attach(sink);
        readHeld(3_000, chunk("data: 1\n\n"));
        readHeld(3_500, chunk("data: 2\n\n"));

        assertThat(sink.bodies).as("held until the event loop's tasks run").isEmpty();
        clock.set(9_000); // decoding the other sockets' reads took time
        channel.runPendingTasks();

        assertThat(sink.bodies).containsExactly("data: 1\n\n", "data: 2\n\n");
        assertThat(sink.stamps).containsExactly(3_000L, 3_500L);
    }

    @Test
    void whatVertxGetsInsideAHeldRead_isTimedByThatRead_andOutsideByTheClock() {
        readHeld(2_000, HEAD);
        clock.set(7_000);
        channel.runPendingTasks();

        assertThat(downstream.headReadNanos).as("the headers' read, not when they were decoded").isEqualTo(2_000L);
        assertThat(tap.readNanosOrNow()).isEqualTo(7_000L);
    }

    @Test
    void aConnectionsOtherEvents_comeAfterItsHeldReads() {
        read(2_000, HEAD);
        readHeld(3_000, chunk("data: end\n\n") + "0\r\n\r\n");
        channel.pipeline().fireChannelInactive();

        assertThat(downstream.seen).containsExactly("head 200", "chunk data: end\n\n", "last ", "inactive");
    }

    @Test
    void aPipelineWithoutAnHttp1Codec_getsNoTap() {
        EmbeddedChannel other = new EmbeddedChannel(new ChannelInboundHandlerAdapter());
        other.pipeline().addLast("vertx", new Downstream());

        assertThat(BodyTap.install(other.pipeline(), "vertx", clock::get)).isNull();
        assertThat(BodyTap.install(channel.pipeline(), "vertx", clock::get)).as("a second tap").isNull();
    }
}
