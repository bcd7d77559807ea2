package dev.infergate.client;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Reads a {@code Retry-After} header (RFC 9110, section 10.2.3) into seconds: delta-seconds, or an
 * HTTP-date in any of the three formats a recipient must accept, counted from {@code now}.
 *
 * <p>Bounds: delta-seconds are digits, with an optional fraction some servers send ({@code 1.5}); no sign,
 * no exponent, so {@code 1e999}, {@code -1}, {@code NaN} and {@code Infinity} are not numbers here. A value
 * beyond {@link #MAX_SECONDS} (a week) is no backoff hint but a fault, and counts as absent, like anything
 * that does not parse; a date in the past is 0 s. Absent is -1, never an exception.
 */
public final class RetryAfter {
    /** The largest Retry-After kept, in seconds: one week. */
    public static final double MAX_SECONDS = 7 * 24 * 3600;
    /** Marks an absent or unusable header. */
    public static final double ABSENT = -1;

    private static final Pattern DELTA = Pattern.compile("[0-9]{1,12}(\\.[0-9]{1,9})?");
    private static final List<DateTimeFormatter> DATES = List.of(
            DateTimeFormatter.RFC_1123_DATE_TIME, // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
            new DateTimeFormatterBuilder().appendPattern("EEEE, dd-MMM-") // obsolete RFC 850; 2-digit years 1970-2069
                    .appendValueReduced(ChronoField.YEAR, 2, 2, 1970).appendPattern(" HH:mm:ss zzz").toFormatter(Locale.US),
            DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.US).withZone(java.time.ZoneOffset.UTC)); // asctime

    private RetryAfter() {}

    /** Seconds to wait, from 0 to {@link #MAX_SECONDS}, or {@link #ABSENT}. */
    public static double seconds(String header, Instant now) {
        if (header == null) {
            return ABSENT;
        }
        String value = header.strip();
        if (DELTA.matcher(value).matches()) {
            double seconds = new BigDecimal(value).doubleValue();
            return seconds <= MAX_SECONDS ? seconds : ABSENT;
        }
        for (DateTimeFormatter format : DATES) {
            try {
                Instant at = ZonedDateTime.parse(value, format).toInstant();
                double seconds = Math.max(0, Duration.between(now, at).toMillis() / 1000.0);
                return seconds <= MAX_SECONDS ? seconds : ABSENT;
            } catch (DateTimeParseException e) {
                // try the next format
            }
        }
        return ABSENT;
    }
}
