package dev.infergate.client;

import io.netty.util.ReferenceCountUtil;
import java.util.Arrays;

/**
 * The reads of one connection that its {@link BodyTap} holds back until the event loop has read every ready socket:
 * each message with the time it was read, in order, and read-complete marks between them. Reused: no allocation per
 * read once grown. Confined to the connection's event loop.
 */
final class HeldReads {
    /** Stands for a read-complete event between the reads. */
    static final Object READ_COMPLETE = new Object();

    private Object[] messages = new Object[8];
    private long[] stampsNanos = new long[8];
    private int size;
    /** The next message to pass on. */
    private int next;

    /** Whether nothing is waiting to be passed on. */
    boolean isEmpty() {
        return next == size;
    }

    void add(Object message, long stampNanos) {
        if (size == messages.length) {
            messages = Arrays.copyOf(messages, size * 2);
            stampsNanos = Arrays.copyOf(stampsNanos, size * 2);
        }
        messages[size] = message;
        stampsNanos[size] = stampNanos;
        size++;
    }

    /** The stamp of the message {@link #take()} gives next. */
    long nextStampNanos() {
        return stampsNanos[next];
    }

    /**
     * The next message, no longer held (the caller passes it on); when it was the last, the store starts over. Safe to
     * call from a handler the previous message reached: each message is taken once.
     */
    Object take() {
        Object m = messages[next];
        messages[next++] = null;
        if (next == size) {
            next = 0;
            size = 0;
        }
        return m;
    }

    /** Releases every message still held (the channel went before they could be passed on). */
    void releaseAll() {
        while (!isEmpty()) {
            Object m = take();
            if (m != READ_COMPLETE) {
                ReferenceCountUtil.release(m);
            }
        }
    }
}
