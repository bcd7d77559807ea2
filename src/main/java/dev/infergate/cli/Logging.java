package dev.infergate.cli;

import java.io.IOException;
import java.util.logging.Filter;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Keeps Vert.x and Netty from printing the connection errors infergate expects and records itself. A server
 * that resets a connection, closes it mid-stream or never answers is a result (an error class in
 * requests.jsonl), not a crash; but Vert.x also logs such an exception as "SEVERE: Unhandled exception ...
 * Connection reset by peer" when it reaches a connection with no handler left, which reads like a failure of
 * infergate. This filter drops exactly those: records from {@code io.vertx}/{@code io.netty} whose exception
 * is an I/O error or a closed connection. Anything else they log (an OutOfMemoryError, a bug) still prints;
 * {@code --verbose} prints everything.
 */
final class Logging {
    private static volatile boolean installed;
    /** The messages of the connection errors Vert.x logs without the exception (Netty's native errno texts too). */
    private static final java.util.regex.Pattern CONNECTION_ERROR_TEXT = java.util.regex.Pattern.compile(
            "(?i)connection reset|broken pipe|connection (was )?closed|closed channel|connection timed out"
                    + "|failed with error\\(-\\d+\\)");

    private Logging() {}

    /** Installs the filter on the root logger's handlers, once per JVM. */
    static void quietExpectedConnectionErrors() {
        if (installed) {
            return;
        }
        synchronized (Logging.class) {
            if (installed) {
                return;
            }
            for (Handler h : Logger.getLogger("").getHandlers()) {
                Filter previous = h.getFilter();
                h.setFilter(r -> !expectedConnectionError(r) && (previous == null || previous.isLoggable(r)));
            }
            installed = true;
        }
    }

    /** Lets Vert.x and Netty log everything again (--verbose): the filter only drops while this is false. */
    static volatile boolean verbose;

    static boolean expectedConnectionError(LogRecord r) {
        String name = r.getLoggerName();
        if (verbose || name == null || !(name.startsWith("io.vertx") || name.startsWith("io.netty"))) {
            return false;
        }
        // without debug logging, Vert.x's ConnectionBase logs only the exception's message, no exception
        if (r.getThrown() == null) {
            return r.getMessage() != null && CONNECTION_ERROR_TEXT.matcher(r.getMessage()).find();
        }
        for (Throwable t = r.getThrown(); t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof IOException || t instanceof io.vertx.core.http.HttpClosedException
                    || t instanceof io.vertx.core.http.StreamResetException) {
                return true;
            }
        }
        return false;
    }
}
