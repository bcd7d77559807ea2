package dev.infergate.cli;

import java.io.PrintStream;
import java.util.logging.Filter;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Keeps the libraries' own log lines (Vert.x, Netty) off the console unless {@code --verbose}. A server that
 * resets a connection, closes it mid-stream or never answers is a result (an error class in requests.jsonl),
 * not a crash; but Vert.x also logs such an exception ("SEVERE: Unhandled exception ... Connection reset by
 * peer", "SEVERE: Stream reset: 0" from the server-metrics scraper) when it reaches a connection with no handler
 * left, which reads like a failure of infergate. So every record from {@code io.vertx}/{@code io.netty} is
 * dropped, except one that means the run is in danger: an {@link OutOfMemoryError}, printed as one line.
 * infergate's own records are untouched; {@code --verbose} prints everything, stack traces included.
 */
final class Logging {
    /** What becomes of one log record on the console. */
    enum Console { PRINT, DROP, ONE_LINE }

    private static volatile boolean installed;
    /** Messages that name an out-of-memory condition when the record carries no exception. */
    private static final java.util.regex.Pattern OUT_OF_MEMORY_TEXT = java.util.regex.Pattern.compile(
            "(?i)OutOfMemoryError|Java heap space|GC overhead limit|Direct buffer memory|Metaspace");

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
                h.setFilter(r -> shown(r, System.err) && (previous == null || previous.isLoggable(r)));
            }
            installed = true;
        }
    }

    /** Lets Vert.x and Netty log everything again (--verbose): the filter only drops while this is false. */
    static volatile boolean verbose;

    /** Whether the handler may print {@code r}; a record kept as one line is printed here, on {@code err}, instead. */
    static boolean shown(LogRecord r, PrintStream err) {
        return switch (console(r)) {
            case PRINT -> true;
            case DROP -> false;
            case ONE_LINE -> {
                err.println(oneLine(r));
                yield false;
            }
        };
    }

    static Console console(LogRecord r) {
        String name = r.getLoggerName();
        if (verbose || name == null || !(name.startsWith("io.vertx") || name.startsWith("io.netty"))) {
            return Console.PRINT;
        }
        return outOfMemory(r) != null ? Console.ONE_LINE : Console.DROP;
    }

    /** "infergate: out of memory (...)": what ran out, and what to do. */
    static String oneLine(LogRecord r) {
        return "infergate: out of memory (" + outOfMemory(r) + "); the run is in danger: give the JVM more heap "
                + "(JAVA_OPTS=-Xmx2g) or lower the load (--max-concurrency, --rate); --verbose shows the library's stack trace";
    }

    /** The out-of-memory condition {@code r} reports, as one short text, or null. */
    private static String outOfMemory(LogRecord r) {
        for (Throwable t = r.getThrown(); t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof OutOfMemoryError) {
                return t.getMessage() == null ? "OutOfMemoryError" : "OutOfMemoryError: " + t.getMessage();
            }
        }
        String m = r.getMessage();
        return m != null && OUT_OF_MEMORY_TEXT.matcher(m).find() ? m.strip().lines().findFirst().orElse(m) : null;
    }
}
