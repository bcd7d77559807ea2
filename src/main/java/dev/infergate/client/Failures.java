package dev.infergate.client;

import dev.infergate.record.ErrorClass;
import io.netty.channel.ConnectTimeoutException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import javax.net.ssl.SSLException;

/** Maps connection-level exceptions to error classes, so every failure is counted under one name. */
final class Failures {
    private Failures() {}

    /** A failure before the request was written: no connection could be had. */
    static ErrorClass classifyConnect(Throwable t) {
        Throwable c = root(t);
        if (c instanceof ConnectTimeoutException || c instanceof java.util.concurrent.TimeoutException) {
            return ErrorClass.TIMEOUT_CONNECT;
        }
        if (c instanceof ConnectException || c instanceof UnknownHostException || c instanceof SSLException) {
            return ErrorClass.CONNECT;
        }
        return ErrorClass.CONNECT;
    }

    /**
     * A failure after the request was written: the connection closed or reset under the response. A server
     * that first sent an error event and then dropped the connection failed with that error, not the reset.
     */
    static ErrorClass classifyMidStream(Throwable t, StreamTimeline timeline) {
        ErrorClass decoded = timeline.result().outcome().failure();
        return decoded == ErrorClass.STREAM_ERROR ? ErrorClass.STREAM_ERROR : ErrorClass.RESET;
    }

    /** The {@code Retry-After} of a 429 in seconds (delta-seconds or HTTP-date, see {@link RetryAfter}), or -1. */
    static double retryAfterSeconds(int status, String header) {
        return status == 429 ? RetryAfter.seconds(header, java.time.Instant.now()) : -1;
    }

    private static Throwable root(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c;
    }
}
