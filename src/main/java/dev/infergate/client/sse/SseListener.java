package dev.infergate.client.sse;

import java.nio.charset.StandardCharsets;

/**
 * Receives what an {@link SseParser} decodes. Called on the parser's thread, from inside
 * {@link SseParser#feed}; implementations must not throw.
 *
 * <p>Every {@code arrivalNanos} is the caller's timestamp of the read that completed the item (the read
 * holding the blank line that dispatched an event, or the line break that ended a comment), in the
 * caller's monotonic nanoseconds. The parser never reads a clock.
 */
public interface SseListener {

    /**
     * One dispatched event.
     *
     * @param eventType    the {@code event:} field, or {@code "message"} when the event had none
     * @param data         the {@code data:} lines joined with {@code \n} (may be empty for a bare {@code data:})
     * @param lastEventId  the last {@code id:} seen on the stream so far (it persists across events), or ""
     * @param arrivalNanos timestamp of the read holding the event's terminating blank line
     */
    void onEvent(String eventType, String data, String lastEventId, long arrivalNanos);

    /**
     * The same event with its data still UTF-8 bytes, valid only during the call; this is what the parser
     * calls. The default decodes the data and calls {@link #onEvent(String, String, String, long)}; a
     * listener that reads bytes overrides it and saves a String (and its decoding) per event.
     */
    default void onEvent(String eventType, byte[] data, int off, int len, String lastEventId, long arrivalNanos) {
        onEvent(eventType, len == 0 ? "" : new String(data, off, len, StandardCharsets.UTF_8), lastEventId, arrivalNanos);
    }

    /**
     * A comment line ({@code :} first), typically a keep-alive ping. Its text is not decoded.
     *
     * @param arrivalNanos timestamp of the read holding the comment's line break
     */
    default void onComment(long arrivalNanos) {
    }

    /**
     * A field the SSE spec does not know (the spec ignores them; so does dispatch). Reported because some
     * servers misuse them, e.g. older llama.cpp builds wrote in-stream errors as an {@code error: {...}}
     * line instead of a {@code data:} line.
     *
     * @param arrivalNanos timestamp of the read holding the field's line break
     */
    default void onUnknownField(String name, String value, long arrivalNanos) {
    }

    /**
     * An event that was longer than the parser's limit: its bytes were dropped, so it is reported instead of
     * dispatched. The default ignores it.
     *
     * @param bytes        the event's size in bytes (its lines and line breaks; so far, when the stream ended inside it)
     * @param limitBytes   the parser's limit
     * @param arrivalNanos timestamp of the read holding the event's blank line, or -1 when the stream ended inside it
     */
    default void onEventTooLarge(long bytes, int limitBytes, long arrivalNanos) {
    }
}
