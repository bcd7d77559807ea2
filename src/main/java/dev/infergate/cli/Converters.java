package dev.infergate.cli;

import dev.infergate.config.ByteSize;
import dev.infergate.workload.trace.TraceWindow;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import picocli.CommandLine;

/**
 * The converter of every option type, registered once on a command line and so on all its subcommands: an option
 * declared as a {@link Duration}, an {@link Instant}, a {@link ByteSize} or a {@link TraceWindow} is read by its
 * type's converter wherever it is declared, with no {@code converter =} on the option. A bad value is one line
 * naming the option, the value and the accepted form, exit 2 ({@link ParsingConverter}).
 */
final class Converters {
    private Converters() {}

    /** {@code cli} with every type's converter registered (on its subcommands too); returns it. */
    static CommandLine registered(CommandLine cli) {
        cli.registerConverter(Duration.class, new DurationConverter());
        cli.registerConverter(Instant.class, new InstantConverter());
        cli.registerConverter(ByteSize.class, new ByteSizeConverter());
        cli.registerConverter(TraceWindow.class, new TraceWindowConverter());
        return cli;
    }

    /** Reads an ISO-8601 instant ({@code --start-at 2026-12-02T16:30:00Z}). */
    static final class InstantConverter extends ParsingConverter<Instant> {
        @Override
        Instant parse(String text) {
            try {
                return Instant.parse(text.trim());
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("'" + text + "' is not an ISO-8601 instant; write it like 2026-12-02T16:30:00Z", e);
            }
        }
    }

    /** Reads a size with its unit ({@code 512KiB}, {@code 64MiB}). */
    static final class ByteSizeConverter extends ParsingConverter<ByteSize> {
        @Override
        ByteSize parse(String text) {
            return ByteSize.parse(text);
        }
    }

    /** Reads a slice of a trace's time ({@code 0s..15s}, {@code 2m..}). */
    static final class TraceWindowConverter extends ParsingConverter<TraceWindow> {
        @Override
        TraceWindow parse(String text) {
            return TraceWindow.parse(text);
        }
    }
}
