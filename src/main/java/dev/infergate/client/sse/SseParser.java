package dev.infergate.client.sse;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Incremental parser for a {@code text/event-stream} body, following the WHATWG HTML "server-sent
 * events" interpretation rules, fed with bytes exactly as they were read from the connection.
 *
 * <p>What it handles, whatever way the bytes are split into reads: LF, CR and CRLF line endings (a CR
 * ending one read and an LF starting the next are one line break); a UTF-8 character split across reads
 * (lines are decoded only once complete); one UTF-8 byte order mark at the very start; {@code data:}
 * with or without its single leading space; several {@code data:} lines joined with {@code \n};
 * {@code event:}, {@code id:} (persists across events, ignored when it contains NUL) and {@code retry:}
 * (digits only); a field line without a colon (the whole line is the name, the value is empty); comment
 * lines; unknown fields (ignored by dispatch, reported to {@link SseListener#onUnknownField}).
 * An event is dispatched at a blank line, and only if it had at least one {@code data} field: per the
 * spec, a block with no {@code data} line is dropped, while a bare {@code data:} dispatches an event with
 * empty data.
 *
 * <p>Timing contract: the parser never reads a clock. Every callback carries the {@code arrivalNanos}
 * passed with the read that completed the item, so parse cost never leaks into the marks.
 *
 * <p>Allocation: one growable line buffer and one growable data buffer per parser, reused; an event's data
 * is handed over as the bytes in that buffer (a String only for a listener that asks for one), and Strings
 * are built only for the rare other fields. Not thread-safe: one parser per response, used from one thread.
 */
public final class SseParser {

    private static final byte[] DATA = ascii("data");
    private static final byte[] EVENT = ascii("event");
    private static final byte[] ID = ascii("id");
    private static final byte[] RETRY = ascii("retry");
    private static final byte CR = '\r';
    private static final byte LF = '\n';

    private final SseListener listener;
    private byte[] line = new byte[512];
    private int lineLength;
    private byte[] data = new byte[512];
    private int dataLength;
    private String eventType;
    private String lastEventId = "";
    private long retryMillis = -1;
    private boolean pendingCr;
    private boolean atStreamStart = true;
    private final int maxEventBytes;
    /** Bytes of the event being dropped for its size, or -1 when no event is being dropped. */
    private long oversizedBytes = -1;
    private boolean oversizedLine;

    /** @param listener receives events and comments; must not throw */
    public SseParser(SseListener listener) {
        this(listener, Integer.MAX_VALUE);
    }

    /**
     * @param listener      receives events and comments; must not throw
     * @param maxEventBytes an event whose lines add up to more bytes is not kept: its bytes are counted and dropped
     *                      as they come, and {@link SseListener#onEventTooLarge} is called instead of onEvent
     */
    public SseParser(SseListener listener, int maxEventBytes) {
        if (listener == null) {
            throw new IllegalArgumentException("listener must not be null");
        }
        if (maxEventBytes < 1) {
            throw new IllegalArgumentException("maxEventBytes (" + maxEventBytes + ") must be >= 1");
        }
        this.listener = listener;
        this.maxEventBytes = maxEventBytes;
    }

    /**
     * Feeds one read of the body.
     *
     * @param arrivalNanos the caller's monotonic timestamp of this read, taken before calling
     */
    public void feed(byte[] buf, int off, int len, long arrivalNanos) {
        int end = off + len;
        int i = off;
        if (pendingCr && i < end) {
            pendingCr = false;
            if (buf[i] == LF) {
                i++;
            }
        }
        while (i < end) {
            int lineEnd = indexOfLineBreak(buf, i, end);
            if (lineEnd < 0) {
                appendToLine(buf, i, end - i);
                return;
            }
            appendToLine(buf, i, lineEnd - i);
            processLine(arrivalNanos);
            i = lineEnd + 1;
            if (buf[lineEnd] == CR) {
                if (i == end) {
                    pendingCr = true;
                } else if (buf[i] == LF) {
                    i++;
                }
            }
        }
    }

    /**
     * Ends the stream. Per the spec an unterminated event is discarded, not dispatched.
     *
     * @return whether a partial event (an unterminated line, or fields without their blank line) was
     *     pending, i.e. the body was cut in the middle of an event
     */
    public boolean finish() {
        boolean partial = lineLength > 0 || dataLength > 0 || eventType != null || oversizedBytes >= 0;
        if (oversizedBytes >= 0) {
            listener.onEventTooLarge(oversizedBytes, maxEventBytes, -1);
            oversizedBytes = -1;
        }
        lineLength = 0;
        dataLength = 0;
        eventType = null;
        pendingCr = false;
        return partial;
    }

    /** The last {@code id:} seen, or "". */
    public String lastEventId() {
        return lastEventId;
    }

    /** The last valid {@code retry:} value in milliseconds, or -1 when none was sent. */
    public long retryMillis() {
        return retryMillis;
    }

    private void processLine(long arrivalNanos) {
        if (oversizedBytes >= 0) {
            dropLine(arrivalNanos);
            return;
        }
        int start = 0;
        if (atStreamStart) {
            atStreamStart = false;
            if (lineLength >= 3 && line[0] == (byte) 0xEF && line[1] == (byte) 0xBB && line[2] == (byte) 0xBF) {
                start = 3;
            }
        }
        int end = lineLength;
        lineLength = 0;
        if (start == end) {
            dispatch(arrivalNanos);
        } else if (line[start] == ':') {
            listener.onComment(arrivalNanos);
        } else {
            processField(start, end, arrivalNanos);
        }
    }

    private void processField(int start, int end, long arrivalNanos) {
        int colon = start;
        while (colon < end && line[colon] != ':') {
            colon++;
        }
        int valueStart = colon < end ? colon + 1 : end;
        if (valueStart < end && line[valueStart] == ' ') {
            valueStart++;
        }
        int nameLength = colon - start;
        if (is(DATA, start, nameLength)) {
            appendToData(valueStart, end);
        } else if (is(EVENT, start, nameLength)) {
            eventType = decode(line, valueStart, end - valueStart);
        } else if (is(ID, start, nameLength)) {
            if (indexOf(line, valueStart, end, (byte) 0) < 0) {
                lastEventId = decode(line, valueStart, end - valueStart);
            }
        } else if (is(RETRY, start, nameLength)) {
            parseRetry(valueStart, end);
        } else {
            listener.onUnknownField(decode(line, start, nameLength), decode(line, valueStart, end - valueStart),
                    arrivalNanos);
        }
    }

    private void dispatch(long arrivalNanos) {
        String type = eventType == null || eventType.isEmpty() ? "message" : eventType;
        eventType = null;
        if (dataLength == 0) {
            return; // no data field: the spec drops the event
        }
        int length = dataLength - 1; // without the trailing LF
        dataLength = 0;
        listener.onEvent(type, data, 0, length, lastEventId, arrivalNanos);
    }

    private void parseRetry(int start, int end) {
        if (start == end || end - start > 18) {
            return;
        }
        long value = 0;
        for (int i = start; i < end; i++) {
            if (line[i] < '0' || line[i] > '9') {
                return;
            }
            value = value * 10 + (line[i] - '0');
        }
        retryMillis = value;
    }

    /** A line break inside an event that is being dropped: a blank line ends it. */
    private void dropLine(long arrivalNanos) {
        lineLength = 0;
        if (oversizedLine) {
            oversizedBytes++; // its line break
            oversizedLine = false;
            return;
        }
        long bytes = oversizedBytes;
        oversizedBytes = -1;
        listener.onEventTooLarge(bytes, maxEventBytes, arrivalNanos);
    }

    private void appendToLine(byte[] buf, int off, int len) {
        if (len == 0) {
            return;
        }
        if (oversizedBytes >= 0) {
            oversizedBytes += len;
            oversizedLine = true;
            return;
        }
        if ((long) lineLength + len + dataLength > maxEventBytes) { // drop the event from here on: memory stays bounded
            oversizedBytes = (long) lineLength + len + dataLength;
            oversizedLine = true;
            lineLength = 0;
            dataLength = 0;
            eventType = null;
            atStreamStart = false;
            return;
        }
        if (lineLength + len > line.length) {
            line = Arrays.copyOf(line, Math.max(line.length * 2, lineLength + len));
        }
        System.arraycopy(buf, off, line, lineLength, len);
        lineLength += len;
    }

    private void appendToData(int valueStart, int end) {
        int len = end - valueStart;
        if (dataLength + len + 1 > data.length) {
            data = Arrays.copyOf(data, Math.max(data.length * 2, dataLength + len + 1));
        }
        System.arraycopy(line, valueStart, data, dataLength, len);
        dataLength += len;
        data[dataLength++] = LF;
    }

    private boolean is(byte[] name, int start, int length) {
        return length == name.length && Arrays.equals(line, start, start + length, name, 0, length);
    }

    private static int indexOfLineBreak(byte[] buf, int from, int end) {
        for (int i = from; i < end; i++) {
            byte b = buf[i];
            if (b == LF || b == CR) {
                return i;
            }
        }
        return -1;
    }

    private static int indexOf(byte[] buf, int from, int end, byte value) {
        for (int i = from; i < end; i++) {
            if (buf[i] == value) {
                return i;
            }
        }
        return -1;
    }

    private static String decode(byte[] buf, int off, int len) {
        return len == 0 ? "" : new String(buf, off, len, StandardCharsets.UTF_8);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
