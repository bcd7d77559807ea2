package dev.infergate.client;

import java.time.Duration;

/**
 * Per-request time limits. A request that hits one fails with its own error class and is recorded; a
 * stalled stream can never hang a run, because the total limit always applies.
 *
 * @param firstToken no output-carrying event within this long of sending → {@code timeout_first_token}
 * @param idle       no bytes at all (events or keep-alive comments) for this long once the response
 *                   started → {@code timeout_idle}
 * @param total      the whole request took longer than this → {@code timeout_total}
 */
public record Timeouts(Duration firstToken, Duration idle, Duration total) {
    public static final Timeouts DEFAULT = new Timeouts(Duration.ofMinutes(2), Duration.ofSeconds(60), Duration.ofMinutes(10));

    public Timeouts {
        check("ttft timeout", firstToken);
        check("idle timeout", idle);
        check("total timeout", total);
    }

    private static void check(String name, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " (" + d + ") must be > 0");
        }
    }
}
