package dev.infergate.testing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a synthetic HTTP/1.1 response as {@link ReplayServer.Step}s: a head, then body pieces after
 * given delays, chunk-framed when the head says {@code Transfer-Encoding: chunked}. Delays are relative
 * to the previous step, in nanoseconds.
 */
public final class Script {

    private final List<ReplayServer.Step> steps = new ArrayList<>();
    private final boolean chunked;
    private long atNanos;

    private Script(String head, boolean chunked) {
        this.chunked = chunked;
        steps.add(new ReplayServer.Step(0, head.getBytes(StandardCharsets.ISO_8859_1)));
    }

    /** A {@code 200 text/event-stream} response with chunked framing and {@code Connection: close}. */
    public static Script eventStream() {
        return new Script("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n"
                + "Connection: close\r\n\r\n", true);
    }

    /** A response with the given status and JSON body (Content-Length framing), sent at once. */
    public static List<ReplayServer.Step> json(int status, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 " + status + " X\r\nContent-Type: application/json\r\nContent-Length: " + bytes.length
                + "\r\nConnection: close\r\n\r\n";
        Script s = new Script(head, false);
        return s.then(0, bytes).steps();
    }

    /** Sends {@code text} (UTF-8) {@code delayNanos} after the previous step. */
    public Script then(long delayNanos, String text) {
        return then(delayNanos, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Sends {@code bytes} {@code delayNanos} after the previous step. */
    public Script then(long delayNanos, byte[] bytes) {
        if (delayNanos < 0) {
            throw new IllegalArgumentException("delayNanos (" + delayNanos + ") must be >= 0");
        }
        atNanos += delayNanos;
        byte[] framed = bytes;
        if (chunked) {
            byte[] size = (Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII);
            framed = new byte[size.length + bytes.length + 2];
            System.arraycopy(size, 0, framed, 0, size.length);
            System.arraycopy(bytes, 0, framed, size.length, bytes.length);
            framed[framed.length - 2] = '\r';
            framed[framed.length - 1] = '\n';
        }
        steps.add(new ReplayServer.Step(atNanos, framed));
        return this;
    }

    /** Ends a chunked body (the zero-length chunk) {@code delayNanos} after the previous step. */
    public Script end(long delayNanos) {
        atNanos += delayNanos;
        steps.add(new ReplayServer.Step(atNanos, "0\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
        return this;
    }

    public List<ReplayServer.Step> steps() {
        return List.copyOf(steps);
    }
}
