package dev.infergate.cli;

import dev.infergate.config.Durations;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads every DURATION option ({@code 250ms}, {@code 10s}, {@code 2m}, {@code 1h}); a bad value is one line naming
 * the option (picocli adds it), the value and the accepted form, exit 2.
 */
final class DurationConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
        try {
            return Durations.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
