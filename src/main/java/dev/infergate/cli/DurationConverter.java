package dev.infergate.cli;

import dev.infergate.config.Durations;
import java.time.Duration;

/** Reads every DURATION option ({@code 250ms}, {@code 10s}, {@code 2m}, {@code 1h}). */
final class DurationConverter extends ParsingConverter<Duration> {
    @Override
    Duration parse(String text) {
        return Durations.parse(text);
    }
}
