package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
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

    @Test
    void aConnectionResetLoggedByVertx_isDropped_butOtherFailuresAreNot() {
        assertThat(Logging.expectedConnectionError(record("io.vertx.core.impl.ContextImpl",
                new IOException("Connection reset by peer")))).isTrue();
        assertThat(Logging.expectedConnectionError(record("io.netty.channel.DefaultChannelPipeline",
                new RuntimeException(new java.nio.channels.ClosedChannelException())))).isTrue();
        assertThat(Logging.expectedConnectionError(record("io.vertx.core.impl.ContextImpl", new OutOfMemoryError())))
                .isFalse();
        assertThat(Logging.expectedConnectionError(record("dev.infergate.Anything", new IOException("x")))).isFalse();
        LogRecord messageOnly = record("io.vertx.core.net.impl.ConnectionBase", null);
        messageOnly.setMessage("recvAddress(..) failed with error(-104): Connection reset by peer");
        assertThat(Logging.expectedConnectionError(messageOnly)).isTrue();
        messageOnly.setMessage("Java heap space");
        assertThat(Logging.expectedConnectionError(messageOnly)).isFalse();
    }
}
