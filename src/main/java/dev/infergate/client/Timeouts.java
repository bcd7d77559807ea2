package dev.infergate.client;

import java.time.Duration;

/**
 * Per-request limits, of time and of memory. A request that hits one fails with its own error class and is
 * recorded; a stalled stream can never hang a run, because the total limit always applies, and an endless
 * body or event can never exhaust the heap, because the size limits always apply.
 *
 * @param firstToken no output-carrying event within this long of sending → {@code timeout_first_token}
 * @param idle       no bytes at all (events or keep-alive comments) for this long once the response
 *                   started → {@code timeout_idle}
 * @param total      the whole request took longer than this → {@code timeout_total}
 * @param maxBodyBytes  a body decoded as a whole ({@code --no-stream}) longer than this → {@code too_large},
 *                      and the connection is closed (an endless body is cut there)
 * @param maxEventBytes one SSE event (its lines, until the blank line) longer than this → {@code too_large};
 *                      its bytes are dropped as they come, so memory stays bounded
 * @param cancellations the user's own stop: the requests whose stream the client closes on purpose
 *                      ({@code --cancel-rate}, {@code --cancel-after}), recorded as {@code user_cancelled}, not failed
 */
public record Timeouts(Duration firstToken, Duration idle, Duration total, int maxBodyBytes, int maxEventBytes,
        Cancellations cancellations) {
    /** 64 MiB: far beyond any real completion body, far below a default heap. */
    public static final int DEFAULT_MAX_BODY_BYTES = 64 << 20;
    /** 16 MiB: a token event is a few hundred bytes; a whole answer in one event still fits. */
    public static final int DEFAULT_MAX_EVENT_BYTES = 16 << 20;
    public static final Timeouts DEFAULT = new Timeouts(Duration.ofMinutes(2), Duration.ofSeconds(60), Duration.ofMinutes(10));

    public Timeouts {
        if (cancellations == null) {
            throw new IllegalArgumentException("cancellations must not be null (use Cancellations.NONE)");
        }
        check("ttft timeout", firstToken);
        check("idle timeout", idle);
        check("total timeout", total);
        if (maxBodyBytes < 1024 || maxEventBytes < 1024) {
            throw new IllegalArgumentException("size limits (body " + maxBodyBytes + ", event " + maxEventBytes
                    + " bytes) must be >= 1024");
        }
    }

    /** Time limits with the default size limits. */
    public Timeouts(Duration firstToken, Duration idle, Duration total) {
        this(firstToken, idle, total, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_EVENT_BYTES);
    }

    /** Limits without user cancellations. */
    public Timeouts(Duration firstToken, Duration idle, Duration total, int maxBodyBytes, int maxEventBytes) {
        this(firstToken, idle, total, maxBodyBytes, maxEventBytes, Cancellations.NONE);
    }

    /** These time limits with other size limits. */
    public Timeouts withSizeLimits(int maxBodyBytes, int maxEventBytes) {
        return new Timeouts(firstToken, idle, total, maxBodyBytes, maxEventBytes, cancellations);
    }

    /** These limits with the user cancelling {@code c}'s requests. */
    public Timeouts withCancellations(Cancellations c) {
        return new Timeouts(firstToken, idle, total, maxBodyBytes, maxEventBytes, c);
    }

    private static void check(String name, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " (" + d + ") must be > 0");
        }
    }
}
