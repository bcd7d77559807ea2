package dev.infergate.sim.profile;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the short duration text used in profiles: {@code 250ms}, {@code 10s}, {@code 2m}, {@code 1500us}. */
public final class DurationText {
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(us|ms|s|m)");

    private DurationText() {}

    /**
     * @param field the key being parsed, named in the error message
     * @throws IllegalArgumentException naming the field and the accepted forms
     */
    public static Duration parse(String field, String text) {
        Matcher m = text == null ? null : FORMAT.matcher(text.trim());
        if (m == null || !m.matches()) {
            throw new IllegalArgumentException(field + " (" + text + ") must be a duration like 250ms, 10s or 2m");
        }
        double amount = Double.parseDouble(m.group(1));
        double nanosPerUnit = switch (m.group(2)) {
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            default -> 60e9;
        };
        return Duration.ofNanos(Math.round(amount * nanosPerUnit));
    }
}
