package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

class LoggingTest {
    static LogRecord record(String logger, Throwable t) {
        LogRecord r = new LogRecord(Level.SEVERE, "Unhandled exception");
        r.setLoggerName(logger);
        r.setThrown(t);
        return r;
    }

    static LogRecord message(String logger, String message) {
        LogRecord r = record(logger, null);
        r.setMessage(message);
        return r;
    }

    @Test
    void theLibrariesLogLines_areDropped_connectionErrorsStreamResetsAndAnythingElse() {
        assertThat(Logging.console(record("io.vertx.core.impl.ContextImpl", new IOException("Connection reset by peer"))))
                .isEqualTo(Logging.Console.DROP);
        assertThat(Logging.console(record("io.netty.channel.DefaultChannelPipeline",
                new RuntimeException(new java.nio.channels.ClosedChannelException())))).isEqualTo(Logging.Console.DROP);
        assertThat(Logging.console(message("io.vertx.core.http.impl.HttpClientImpl", "Stream reset: 0")))
                .isEqualTo(Logging.Console.DROP);
        assertThat(Logging.console(record("io.vertx.core.impl.ContextImpl", new IllegalStateException("a bug"))))
                .isEqualTo(Logging.Console.DROP);
    }

    @Test
    void infergatesOwnRecords_arePrinted() {
        assertThat(Logging.console(record("dev.infergate.Anything", new IOException("x")))).isEqualTo(Logging.Console.PRINT);
    }

    @Test
    void outOfMemory_inALibrary_staysAsOneLine() {
        LogRecord oom = record("io.vertx.core.impl.ContextImpl", new RuntimeException(new OutOfMemoryError("GC overhead limit exceeded")));
        assertThat(Logging.console(oom)).isEqualTo(Logging.Console.ONE_LINE);
        assertThat(Logging.console(message("io.vertx.core.net.impl.ConnectionBase", "Java heap space")))
                .isEqualTo(Logging.Console.ONE_LINE);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        assertThat(Logging.shown(oom, new PrintStream(bytes, true, StandardCharsets.UTF_8))).isFalse();
        assertThat(bytes.toString(StandardCharsets.UTF_8).strip().lines()).singleElement().asString()
                .startsWith("infergate: out of memory (OutOfMemoryError: GC overhead limit exceeded)");
    }

    @Test
    void verbose_printsEverything() {
        Logging.verbose = true;
        try {
            assertThat(Logging.console(message("io.vertx.core.http.impl.HttpClientImpl", "Stream reset: 0")))
                    .isEqualTo(Logging.Console.PRINT);
        } finally {
            Logging.verbose = false;
        }
    }
}
