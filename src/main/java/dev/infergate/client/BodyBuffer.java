package dev.infergate.client;

import dev.infergate.record.Text;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** The bytes of a body that is decoded as a whole (non-streaming, or an error body), up to a limit. */
final class BodyBuffer {

    private final int limitBytes;
    private byte[] bytes = new byte[0];
    private int length;
    private long droppedBytes;

    /** @param limitBytes bytes beyond this many are dropped */
    BodyBuffer(int limitBytes) {
        this.limitBytes = limitBytes;
    }

    void append(byte[] buf, int off, int len) {
        int take = Math.min(len, limitBytes - length);
        droppedBytes += len - Math.max(0, take);
        if (take <= 0) {
            return;
        }
        if (length + take > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(length + take, Math.min(limitBytes, length * 2 + 256)));
        }
        System.arraycopy(buf, off, bytes, length, take);
        length += take;
    }

    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    /** Whether bytes beyond the limit arrived (and were dropped). */
    boolean overflowed() {
        return droppedBytes > 0;
    }

    int limitBytes() {
        return limitBytes;
    }

    /** The start of the body as text, stripped, at most {@code maxChars} characters. */
    String snippet(int maxChars) {
        String s = new String(bytes, 0, Math.min(length, maxChars * 4), StandardCharsets.UTF_8).strip();
        return Text.prefix(s, maxChars); // never inside a surrogate pair
    }
}
