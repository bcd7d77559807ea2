package dev.infergate.client;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.impl.HttpClientConnectionInternal;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.LongSupplier;

/**
 * Reads a response body straight off an HTTP/1.x connection's Netty pipeline, so that the body's bytes go to the
 * request's {@link Sink} without Vert.x's copy of every chunk into a heap buffer and its per-chunk dispatch.
 *
 * <p>Two handlers per connection: a stamp at the head of the pipeline, which reads the clock once per read from the
 * socket (before any decoding, as the floor client does), and the tap, after the HTTP codec and before Vert.x's
 * handler. While a sink is attached (from the response's headers to its end), every body chunk but the last is copied
 * into a reused array, handed to the sink with the stamp of the read that brought it, and released; the last chunk,
 * which ends the response, goes on to Vert.x as before, as does everything while no sink is attached (headers, an
 * HTTP/2 connection's frames, a connection between requests).
 *
 * <p>Reads first, decoding after: the stamp holds each read's bytes back (with their clock reading) and passes them on
 * in one task once the event loop has read every socket that was ready at its wake-up, in the order read. Without
 * that, when many streams' events arrive at once (the first tokens of 64 requests sent together), the last socket of
 * the batch was read, and stamped, only after every earlier one had gone through the HTTP codec, Vert.x, SSE and JSON
 * decoding: tens of µs each, milliseconds in all, counted as the server's. The floor client reads in the same order
 * but decodes nothing. Any other event of the connection (inactive, an exception, ...) first passes on what is held,
 * so the order of a connection's events is kept.
 *
 * <p>Order: a sink is attached when Vert.x hands the response's headers to the request, on the connection's event
 * loop; Vert.x hands over what it holds behind the headers in the same call, so the bytes the tap hands over come
 * after those. Confined to the connection's event loop.
 */
final class BodyTap {
    static final String STAMP_NAME = "infergate-read-stamp";
    static final String TAP_NAME = "infergate-body-tap";

    /** Receives the bytes of a response body, valid only during the call. */
    interface Sink {
        void onBody(byte[] buf, int off, int len, long arrivalNanos);
    }

    private final LongSupplier clock;
    private long readNanos;
    /** Whether the bytes of a read (stamped {@link #readNanos}) are being passed on now. */
    private boolean passing;
    private Sink sink;
    private byte[] scratch = new byte[8192];

    /**
     * Puts a tap on {@code connection}'s pipeline; null when it is not an HTTP/1.x connection of Vert.x's own (a tap
     * only reads HTTP/1.x chunks: Vert.x then keeps every byte of the connection).
     */
    static BodyTap install(HttpConnection connection) {
        if (!(connection instanceof HttpClientConnectionInternal internal)) {
            return null;
        }
        ChannelHandlerContext vertx = internal.channelHandlerContext();
        return vertx == null ? null : install(vertx.pipeline(), vertx.name(), System::nanoTime);
    }

    /**
     * Puts a tap on {@code pipeline}, before the handler named {@code beforeName}, reading {@code clock} once per read;
     * null when the pipeline has no HTTP/1.x codec or already has a tap.
     */
    static BodyTap install(ChannelPipeline pipeline, String beforeName, LongSupplier clock) {
        if (pipeline.get(HttpClientCodec.class) == null || pipeline.get(TAP_NAME) != null) {
            return null;
        }
        BodyTap tap = new BodyTap(clock);
        try {
            pipeline.addFirst(STAMP_NAME, tap.new Stamp());
            pipeline.addBefore(beforeName, TAP_NAME, tap.new Tap());
        } catch (RuntimeException e) { // the handler went (the channel closed) meanwhile: Vert.x reads it all
            if (pipeline.get(STAMP_NAME) != null) {
                pipeline.remove(STAMP_NAME);
            }
            return null;
        }
        return tap;
    }

    private BodyTap(LongSupplier clock) {
        this.clock = clock;
    }

    /**
     * The time of the socket read whose bytes are being passed on now (what Vert.x hands over inside it, e.g. a
     * response's headers or its last chunk, arrived then); outside one, the clock's reading now.
     */
    long readNanosOrNow() {
        return passing ? readNanos : clock.getAsLong();
    }

    /** From now on body chunks go to {@code s}: call when the response's headers arrived. */
    void attach(Sink s) {
        sink = s;
    }

    /** Stops handing chunks to {@code s} (if it is the one attached): call when its response ended or failed. */
    void detach(Sink s) {
        if (sink == s) {
            sink = null;
        }
    }

    /**
     * The first handler of the pipeline: the time of each read from the socket, taken before anything is decoded; the
     * reads are passed on in one task after the event loop's reads of this wake-up (see the class comment).
     */
    private final class Stamp extends ChannelInboundHandlerAdapter {
        private final HeldReads held = new HeldReads();
        private ChannelHandlerContext context;
        private final Runnable passHeld = () -> passHeld(context);

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            context = ctx;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            long now = clock.getAsLong();
            boolean first = held.isEmpty();
            held.add(msg, now);
            if (first) {
                try {
                    ctx.executor().execute(passHeld);
                } catch (RejectedExecutionException e) { // the event loop is shutting down: pass it on now
                    passHeld(ctx);
                }
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            if (held.isEmpty()) {
                ctx.fireChannelReadComplete();
            } else {
                held.add(HeldReads.READ_COMPLETE, 0);
            }
        }

        private void passHeld(ChannelHandlerContext ctx) {
            while (!held.isEmpty()) { // what a handler's work adds meanwhile is passed on in turn
                long stamp = held.nextStampNanos();
                Object msg = held.take();
                if (msg == HeldReads.READ_COMPLETE) {
                    ctx.fireChannelReadComplete();
                    continue;
                }
                long outerNanos = readNanos; // passed on from a handler of an earlier read (e.g. it closed the channel)
                boolean outer = passing;
                readNanos = stamp;
                passing = true;
                try {
                    ctx.fireChannelRead(msg);
                } finally {
                    readNanos = outerNanos;
                    passing = outer;
                }
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            passHeld(ctx);
            super.channelInactive(ctx);
        }

        @Override
        public void channelUnregistered(ChannelHandlerContext ctx) throws Exception {
            passHeld(ctx);
            super.channelUnregistered(ctx);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) throws Exception {
            passHeld(ctx);
            super.exceptionCaught(ctx, cause);
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
            passHeld(ctx);
            super.userEventTriggered(ctx, evt);
        }

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
            passHeld(ctx);
            super.channelWritabilityChanged(ctx);
        }

        @Override
        public void handlerRemoved(ChannelHandlerContext ctx) {
            held.releaseAll(); // the channel is gone: what is still held goes nowhere
        }
    }

    /** After the HTTP codec: hands body chunks to the attached sink. */
    private final class Tap extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            Sink s = sink;
            if (s == null || !(msg instanceof HttpContent content) || msg instanceof LastHttpContent) {
                ctx.fireChannelRead(msg);
                return;
            }
            try {
                ByteBuf buf = content.content();
                int length = buf.readableBytes();
                if (length > 0) {
                    if (length > scratch.length) {
                        scratch = new byte[Math.max(length, scratch.length * 2)];
                    }
                    buf.getBytes(buf.readerIndex(), scratch, 0, length);
                    s.onBody(scratch, 0, length, readNanos);
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }
    }
}
