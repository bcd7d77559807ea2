package dev.infergate.testing;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A raw HTTP/1.1 response, split the way an HTTP client would deliver it: status, headers, and the body
 * bytes each socket read carried (after removing {@code Transfer-Encoding: chunked} framing), with the
 * read's time. Reads that carried only framing are left out. For tests only: lenient, no trailers kept.
 *
 * @param status       the status code
 * @param headers      header names in lower case
 * @param headersNanos time of the read that completed the head
 * @param bodyReads    body bytes per read, in order
 * @param bodyEndNanos time of the read that completed the body (last chunk, or Content-Length reached),
 *                     else the connection's end
 */
public record WireResponse(int status, Map<String, String> headers, long headersNanos, List<BodyRead> bodyReads,
        long bodyEndNanos) {

    /**
     * The body bytes of one read.
     *
     * @param arrivalNanos the read's time
     * @param bytes        body bytes (framing removed)
     */
    public record BodyRead(long arrivalNanos, byte[] bytes) {
    }

    /** Splits reads of a raw response; {@code eofNanos} is when the connection ended. */
    public static WireResponse parse(List<Fixture.Read> reads, long eofNanos) {
        Splitter s = new Splitter();
        for (Fixture.Read read : reads) {
            s.feed(read.bytes(), read.tNanos());
        }
        long end = s.bodyEndNanos >= 0 ? s.bodyEndNanos : eofNanos;
        return new WireResponse(s.status, s.headers, s.headersNanos, List.copyOf(s.bodyReads), end);
    }

    /** The whole body, de-chunked. */
    public byte[] body() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        bodyReads.forEach(r -> out.writeBytes(r.bytes()));
        return out.toByteArray();
    }

    private static final class Splitter {
        private enum State { HEAD, SIZE, DATA, DATA_CRLF, TRAILER, IDENTITY, DONE }

        private State state = State.HEAD;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private final List<String> headLines = new ArrayList<>();
        private final Map<String, String> headers = new LinkedHashMap<>();
        private final List<BodyRead> bodyReads = new ArrayList<>();
        private int status;
        private long headersNanos = -1;
        private long bodyEndNanos = -1;
        private long remaining = -1;

        void feed(byte[] bytes, long t) {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            for (byte b : bytes) {
                step(b, t, body);
            }
            if (body.size() > 0) {
                bodyReads.add(new BodyRead(t, body.toByteArray()));
            }
        }

        private void step(byte b, long t, ByteArrayOutputStream body) {
            switch (state) {
                case HEAD -> headByte(b, t);
                case SIZE -> {
                    if (b == '\n') {
                        String size = line.toString(StandardCharsets.US_ASCII).strip();
                        int semicolon = size.indexOf(';');
                        remaining = Long.parseLong(semicolon < 0 ? size : size.substring(0, semicolon), 16);
                        line.reset();
                        state = remaining == 0 ? State.TRAILER : State.DATA;
                    } else {
                        line.write(b);
                    }
                }
                case DATA -> {
                    body.write(b);
                    if (--remaining == 0) {
                        state = State.DATA_CRLF;
                    }
                }
                case DATA_CRLF -> state = b == '\n' ? State.SIZE : State.DATA_CRLF;
                case TRAILER -> {
                    if (b == '\n') {
                        if (line.toString(StandardCharsets.US_ASCII).isBlank()) {
                            finish(t);
                        }
                        line.reset();
                    } else {
                        line.write(b);
                    }
                }
                case IDENTITY -> {
                    body.write(b);
                    if (remaining > 0 && --remaining == 0) {
                        finish(t);
                    }
                }
                case DONE -> { } // bytes after the end of the body are ignored
            }
        }

        private void headByte(byte b, long t) {
            if (b != '\n') {
                line.write(b);
                return;
            }
            String text = line.toString(StandardCharsets.ISO_8859_1).strip();
            line.reset();
            if (!text.isEmpty()) {
                headLines.add(text);
                return;
            }
            headersNanos = t;
            status = Integer.parseInt(headLines.get(0).split(" ")[1]);
            for (String h : headLines.subList(1, headLines.size())) {
                int colon = h.indexOf(':');
                headers.put(h.substring(0, colon).strip().toLowerCase(Locale.ROOT), h.substring(colon + 1).strip());
            }
            if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                state = State.SIZE;
            } else {
                remaining = headers.containsKey("content-length") ? Long.parseLong(headers.get("content-length")) : -1;
                state = State.IDENTITY;
                if (remaining == 0) {
                    finish(t);
                }
            }
        }

        private void finish(long t) {
            bodyEndNanos = t;
            state = State.DONE;
        }
    }
}
