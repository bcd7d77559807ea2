package dev.infergate.bench;

import java.util.Arrays;

/**
 * What the metronome server did for one request: when it had the whole request, the timing it was asked
 * for, and when each output event was actually handed to Netty. All marks are absolute
 * {@link System#nanoTime()} values of the server's process; on Linux HotSpot reads {@code CLOCK_MONOTONIC},
 * which every process of one machine shares, so they compare with the client's marks even when the server
 * runs in another process.
 *
 * <p>The intended time of event {@code k} is {@code receivedNanos + ttftNanos + k * itlNanos}.
 *
 * @param id            the request id the harness put in the prompt
 * @param receivedNanos when the server had read the whole request body
 * @param ttftNanos     asked delay from receipt to the first output event
 * @param itlNanos      asked gap between consecutive output events
 * @param writeNanos    per output event, {@code System.nanoTime()} right after the write returned on the
 *                      connection's event loop (the bytes are then in the socket); length = events written
 */
public record StreamTruth(long id, long receivedNanos, long ttftNanos, long itlNanos, long[] writeNanos) {
    public StreamTruth {
        if (id < 0) {
            throw new IllegalArgumentException("id (" + id + ") must be >= 0");
        }
        if (ttftNanos < 0 || itlNanos < 0) {
            throw new IllegalArgumentException("ttftNanos (" + ttftNanos + ") and itlNanos (" + itlNanos + ") must be >= 0");
        }
        if (writeNanos == null) {
            throw new IllegalArgumentException("writeNanos must not be null");
        }
    }

    /** When event {@code k} was meant to leave (absolute nanoseconds). */
    public long intendedNanos(int k) {
        return receivedNanos + ttftNanos + k * itlNanos;
    }

    public int events() {
        return writeNanos.length;
    }

    /** One text line: {@code id received ttft itl w0 w1-w0 w2-w1 ...} (decimal; gaps keep it short). */
    public String toLine() {
        StringBuilder b = new StringBuilder(32 + writeNanos.length * 9);
        b.append(id).append(' ').append(receivedNanos).append(' ').append(ttftNanos).append(' ').append(itlNanos);
        long previous = 0;
        for (int k = 0; k < writeNanos.length; k++) {
            b.append(' ').append(k == 0 ? writeNanos[0] : writeNanos[k] - previous);
            previous = writeNanos[k];
        }
        return b.toString();
    }

    /** Parses {@link #toLine()}; throws IllegalArgumentException naming the line when it is not one. */
    public static StreamTruth parse(String line) {
        String[] f = line.trim().split(" ");
        if (f.length < 4) {
            throw new IllegalArgumentException("not a stream truth line (want id received ttft itl writes...): " + line);
        }
        try {
            long[] writes = new long[f.length - 4];
            long previous = 0;
            for (int k = 0; k < writes.length; k++) {
                long v = Long.parseLong(f[k + 4]);
                writes[k] = k == 0 ? v : previous + v;
                previous = writes[k];
            }
            return new StreamTruth(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]), writes);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a stream truth line: " + line, e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StreamTruth t && t.id == id && t.receivedNanos == receivedNanos && t.ttftNanos == ttftNanos
                && t.itlNanos == itlNanos && Arrays.equals(t.writeNanos, writeNanos);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(id) * 31 + Arrays.hashCode(writeNanos);
    }

    @Override
    public String toString() {
        return "StreamTruth[id=" + id + ", events=" + writeNanos.length + "]";
    }
}
