package dev.infergate.sim.profile;

import dev.infergate.config.Durations;
import java.time.Duration;

/** Profile durations ({@code 250ms}, {@code 10s}, {@code 2m}) via {@link Durations}, with errors naming the key. */
public final class DurationText {
    private DurationText() {}

    /**
     * @param field the key being parsed, named in the error message
     * @throws IllegalArgumentException naming the field and the accepted forms
     */
    public static Duration parse(String field, String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(field + " (" + text + ") must be a duration like 250ms, 10s or 2m", e);
        }
    }
}
