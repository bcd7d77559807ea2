package dev.infergate.client;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.compression.ZlibCodecFactory;
import io.netty.handler.codec.compression.ZlibWrapper;
import java.io.ByteArrayOutputStream;
import java.util.Locale;

/**
 * Decodes a response body sent with {@code Content-Encoding: gzip} or {@code deflate}, piece by piece as it is read,
 * so a compressed stream is timed as a user's client sees it: each read keeps the stamp taken where its bytes were
 * read ({@link BodyTap}), and the decoded bytes it yields are handed on with that stamp. Decompression is downstream
 * of the clock, never before it.
 *
 * <p>What the client asks for ({@link #ACCEPT_ENCODING}) is what the OpenAI SDKs send (httpx's default), so that a
 * gateway that compresses, and buffers to compress, treats infergate as it treats its users. {@code br} and
 * {@code zstd} are not asked for: no maintained Java decoder is on the class path. A body in an encoding the client
 * did not ask for, or cannot decode, is handed on as it came (and then fails as the bytes it is).
 *
 * <p>Not thread-safe: one per response, on its event loop.
 */
final class ContentDecoder {
    /** The {@code Accept-Encoding} the client sends by default. */
    static final String ACCEPT_ENCODING = "gzip, deflate";

    /** Receives decoded bytes, valid only during the call. */
    interface Sink {
        void accept(byte[] buf, int off, int len);
    }

    private final String encoding;
    private final EmbeddedChannel inflater;
    private byte[] scratch = new byte[8192];
    private boolean failed;

    private ContentDecoder(String encoding, EmbeddedChannel inflater) {
        this.encoding = encoding;
        this.inflater = inflater;
    }

    /** The decoder for a response's {@code Content-Encoding}; null when the body needs none (absent, identity, unknown). */
    static ContentDecoder forEncoding(String contentEncoding) {
        String e = contentEncoding == null ? "" : contentEncoding.trim().toLowerCase(Locale.ROOT);
        return switch (e) {
            case "gzip", "x-gzip" -> new ContentDecoder("gzip", new EmbeddedChannel(ZlibCodecFactory.newZlibDecoder(ZlibWrapper.GZIP, 0)));
            // HTTP's "deflate" is zlib-wrapped by the letter, raw by some servers: take either
            case "deflate" -> new ContentDecoder("deflate", new EmbeddedChannel(ZlibCodecFactory.newZlibDecoder(ZlibWrapper.ZLIB_OR_NONE, 0)));
            default -> null;
        };
    }

    /** The encoding decoded, {@code gzip} or {@code deflate}. */
    String encoding() {
        return encoding;
    }

    /**
     * Decodes the next {@code len} bytes of the body and hands what they yield to {@code out} (possibly nothing yet,
     * possibly several pieces). Bytes that do not decode end the decoding: they and what follows go on as they came.
     */
    void decode(byte[] buf, int off, int len, Sink out) {
        if (failed) {
            out.accept(buf, off, len);
            return;
        }
        try {
            inflater.writeInbound(Unpooled.wrappedBuffer(buf, off, len));
        } catch (RuntimeException e) { // not what the header said: pass the bytes on, the parser says what they are
            failed = true;
            drain(out);
            out.accept(buf, off, len);
            return;
        }
        drain(out);
    }

    private void drain(Sink out) {
        for (ByteBuf piece = inflater.readInbound(); piece != null; piece = inflater.readInbound()) {
            try {
                int n = piece.readableBytes();
                if (n > scratch.length) {
                    scratch = new byte[Math.max(n, scratch.length * 2)];
                }
                piece.getBytes(piece.readerIndex(), scratch, 0, n);
                out.accept(scratch, 0, n);
            } finally {
                piece.release();
            }
        }
    }

    /** Releases what the decoder holds; call once the body ended or failed. */
    void close() {
        try {
            inflater.finishAndReleaseAll();
        } catch (RuntimeException e) { // a body cut short or not what its header said: already handed on as it was
            failed = true;
        }
    }

    /** A whole body decoded by its {@code Content-Encoding} (set-up calls: models, tokenize, metrics, errors). */
    static byte[] decodeWhole(String contentEncoding, byte[] body) {
        ContentDecoder d = forEncoding(contentEncoding);
        if (d == null) {
            return body;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, body.length * 4));
        try {
            d.decode(body, 0, body.length, out::write);
        } finally {
            d.close();
        }
        return out.toByteArray();
    }
}
