package dev.infergate.record;

/**
 * Why a request did not complete. Every failed request gets exactly one class; none is ever dropped from the
 * denominators (goodput, attainment, error rate). Two classes are not failures, and the client's: {@link #USER_CANCELLED}, a stream
 * the client closed on purpose, and {@link #NOT_SENT} ({@link #failure()} false); they count apart (docs/metrics.md, "Cancellations"). The {@link #key()} is the name used in
 * {@code requests.jsonl} and in {@code summary.json}'s {@code errors} object.
 */
public enum ErrorClass {
    /** HTTP 429 Too Many Requests; the record keeps {@code Retry-After} when the server sent it. */
    HTTP_429("http_429"),
    /** Any other 4xx status. */
    HTTP_4XX("http_4xx"),
    /** Any 5xx status. */
    HTTP_5XX("http_5xx"),
    /** The TCP/TLS connection could not be established (refused, unreachable, TLS handshake failed). */
    CONNECT("connect"),
    /** No connection within {@code --connect-timeout}. */
    TIMEOUT_CONNECT("timeout_connect"),
    /** No output-carrying event within {@code --ttft-timeout} of sending. */
    TIMEOUT_FIRST_TOKEN("timeout_first_token"),
    /** No bytes for longer than {@code --idle-timeout} between events. */
    TIMEOUT_IDLE("timeout_idle"),
    /** The whole request took longer than {@code --timeout}. */
    TIMEOUT_TOTAL("timeout_total"),
    /** The connection was closed or reset after the response started. */
    RESET("reset"),
    /** The body ended without {@code data: [DONE]} (streaming) or without a complete JSON body. */
    INCOMPLETE("incomplete"),
    /** An event or body that is not valid JSON of the expected shape. */
    MALFORMED("malformed"),
    /** A body ({@code --no-stream}) or one SSE event beyond its size limit ({@code --max-body-size}, {@code --max-event-size}). */
    TOO_LARGE("too_large"),
    /** The server sent an error object inside an HTTP 200 stream. */
    STREAM_ERROR("stream_error"),
    /** Still in flight when the run stopped (Ctrl-C grace period or drain deadline expired). */
    CANCELLED("cancelled"),
    /**
     * Not a failure: the client closed the stream on purpose, as a user pressing stop ({@code --cancel-rate},
     * {@code --cancel-after}). What arrived until then is kept; it never counts against the server.
     */
    USER_CANCELLED("user_cancelled"),
    /**
     * Not a failure, and the client's: never sent, because the client's bounds were full as it arrived (its
     * in-flight cap and its wait queue, {@code --max-concurrency}, {@code --max-queued}). Counted apart like
     * {@link #USER_CANCELLED}: never against the server; the offered load was lower than asked, and the console
     * says so (docs/metrics.md, "The client's bounds").
     */
    NOT_SENT("not_sent");

    private final String key;

    ErrorClass(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    /** Whether a request ending so failed: every class but {@link #USER_CANCELLED} and {@link #NOT_SENT}. */
    public boolean failure() {
        return this != USER_CANCELLED && this != NOT_SENT;
    }

    /** The class for a non-2xx HTTP status. */
    public static ErrorClass forStatus(int status) {
        if (status == 429) {
            return HTTP_429;
        }
        if (status >= 500) {
            return HTTP_5XX;
        }
        return HTTP_4XX;
    }

    public static ErrorClass fromKey(String key) {
        for (ErrorClass c : values()) {
            if (c.key.equals(key)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown error class '" + key + "'");
    }
}
