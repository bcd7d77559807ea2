package dev.infergate.client;

import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.function.Supplier;

/**
 * Set-up calls to a busy server: a 429 or 503 is answered again after the server's {@code Retry-After}
 * (delta-seconds or an HTTP-date), at most {@value #MAX_ATTEMPTS} attempts in all, each wait at least
 * {@link #MIN_WAIT} and at most {@link #MAX_WAIT} ({@link #DEFAULT_WAIT} when the server names none), so
 * a preflight waits at most about a minute and a half before it gives up with the last reply.
 * Measured requests are never retried: a 429 there is a result.
 */
final class BusyRetry {
    static final int MAX_ATTEMPTS = 4;
    static final Duration DEFAULT_WAIT = Duration.ofSeconds(2);
    static final Duration MIN_WAIT = Duration.ofMillis(100);
    static final Duration MAX_WAIT = Duration.ofSeconds(30);

    /** How to wait; tests pass one that records instead of sleeping. */
    interface Sleeper {
        void sleep(Duration d) throws InterruptedException;
    }

    private final Sleeper sleeper;
    private final Supplier<Instant> wallClock;

    BusyRetry(Sleeper sleeper, Supplier<Instant> wallClock) {
        this.sleeper = sleeper;
        this.wallClock = wallClock;
    }

    static BusyRetry real() {
        return new BusyRetry(d -> Thread.sleep(d.toMillis()), Instant::now);
    }

    /** An HTTP call, as {@link HttpExecutor#call}. */
    interface Call {
        HttpExecutor.Reply send() throws IOException;
    }

    /** Sends {@code call} until the answer is neither 429 nor 503, or the attempts are used up; returns the last reply. */
    HttpExecutor.Reply send(Call call) throws IOException {
        HttpExecutor.Reply reply = call.send();
        for (int attempt = 1; attempt < MAX_ATTEMPTS && busy(reply.status()); attempt++) {
            try {
                sleeper.sleep(waitFor(reply.retryAfter()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return reply;
            }
            reply = call.send();
        }
        return reply;
    }

    static boolean busy(int status) {
        return status == 429 || status == 503;
    }

    /** The wait a {@code Retry-After} asks for, within [{@link #MIN_WAIT}, {@link #MAX_WAIT}]. */
    Duration waitFor(String retryAfter) {
        Duration asked = parse(retryAfter);
        if (asked == null) {
            return DEFAULT_WAIT;
        }
        return asked.compareTo(MIN_WAIT) < 0 ? MIN_WAIT : asked.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : asked;
    }

    private Duration parse(String retryAfter) {
        if (retryAfter == null || retryAfter.isBlank()) {
            return null;
        }
        String v = retryAfter.trim();
        if (v.matches("\\d{1,9}(\\.\\d+)?")) {
            return Duration.ofMillis((long) (Double.parseDouble(v) * 1000));
        }
        if (v.matches("\\d+(\\.\\d+)?")) {
            return MAX_WAIT; // more digits than any sensible wait: as long as we wait at all
        }
        try {
            Instant at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            Duration d = Duration.between(wallClock.get(), at);
            return d.isNegative() ? Duration.ZERO : d;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** {@link HttpExecutor#call} with this retry. */
    HttpExecutor.Reply call(HttpExecutor http, HttpMethod method, String url, String body, Duration timeout) throws IOException {
        return send(() -> http.call(method, url, body, timeout));
    }
}
