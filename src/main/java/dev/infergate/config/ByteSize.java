package dev.infergate.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A size in bytes as options such as {@code --max-body-size} give it: {@code 512KiB}, {@code 64MiB}, {@code 1GiB},
 * {@code 10MB}.
 *
 * @param bytes the size, from {@link #MIN_BYTES} to {@link #MAX_BYTES}
 */
public record ByteSize(int bytes) {
    private static final Pattern FORM = Pattern.compile("(\\d{1,10})\\s*(B|KB|KIB|MB|MIB|GB|GIB)");
    /** Smaller limits would fail ordinary responses. */
    public static final long MIN_BYTES = 1024;
    /** Sizes are held in an int array in the end: the largest accepted is 1 GiB. */
    public static final long MAX_BYTES = 1L << 30;

    public ByteSize {
        if (bytes < MIN_BYTES || bytes > MAX_BYTES) {
            throw new IllegalArgumentException("size (" + bytes + " bytes) must be between 1KiB and 1GiB");
        }
    }

    /** Parses {@code text}; throws IllegalArgumentException naming the text and the accepted forms. */
    public static ByteSize parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.strip().toUpperCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size; write it with a unit, e.g. 512KiB, 64MiB, 1GiB");
        }
        long unit = switch (m.group(2)) {
            case "B" -> 1;
            case "KB" -> 1000;
            case "KIB" -> 1024;
            case "MB" -> 1000_000;
            case "MIB" -> 1L << 20;
            case "GB" -> 1000_000_000;
            default -> 1L << 30;
        };
        long bytes = Long.parseLong(m.group(1)) * unit;
        if (bytes < MIN_BYTES || bytes > MAX_BYTES) {
            throw new IllegalArgumentException("'" + text + "' must be between 1KiB and 1GiB");
        }
        return new ByteSize((int) bytes);
    }
}
