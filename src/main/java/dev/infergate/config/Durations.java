package dev.infergate.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and prints the duration syntax used everywhere in infergate: {@code 250ms}, {@code 10s}, {@code 2m}, {@code 1h}, {@code 1.5s}. */
public final class Durations {
    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(us|ms|s|m|h)");

    /**
     * The longest duration taken: a year. Beyond it a run, a timeout or a ramp was a typo
     * ({@code 99999999999999h} once was silently clamped to 292 years), and monotonic-clock arithmetic
     * (origin + offset in nanoseconds) stays far from overflow below it.
     */
    public static final Duration MAX = Duration.ofHours(8_760);

    private Durations() {}

    /**
     * Parses {@code text}; throws IllegalArgumentException with a message naming the text and the accepted
     * forms. A bare number is refused, because its unit would be a guess.
     */
    public static Duration parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration; write it with a unit, e.g. 250ms, 10s, 2m, 1h");
        }
        double value = Double.parseDouble(m.group(1));
        double nanosPerUnit = switch (m.group(2)) {
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "m" -> 60e9;
            default -> 3600e9;
        };
        double nanos = value * nanosPerUnit;
        if (!(nanos <= MAX.toNanos())) {
            throw new IllegalArgumentException("'" + text + "' is longer than a year (8760h), the longest duration infergate "
                    + "takes; check the number and its unit");
        }
        return Duration.ofNanos(Math.round(nanos));
    }

    /** A short human form: {@code 850ms}, {@code 12.5s}, {@code 3m}. */
    public static String format(Duration d) {
        long nanos = d.toNanos();
        if (nanos < 1_000_000L) {
            return trim(nanos / 1e3) + "us";
        }
        if (nanos < 1_000_000_000L) {
            return trim(nanos / 1e6) + "ms";
        }
        if (nanos < 60_000_000_000L || nanos % 60_000_000_000L != 0) {
            return trim(nanos / 1e9) + "s";
        }
        return trim(nanos / 60e9) + "m";
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.valueOf(Math.round(v * 1000) / 1000.0);
    }
}
