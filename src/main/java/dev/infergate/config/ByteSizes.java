package dev.infergate.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the size syntax of options such as {@code --max-body-size}: {@code 512KiB}, {@code 64MiB}, {@code 1GiB}, {@code 10MB}. */
public final class ByteSizes {
    private static final Pattern FORM = Pattern.compile("(\\d{1,10})\\s*(B|KB|KIB|MB|MIB|GB|GIB)");
    /** Sizes are held in an int array in the end: the largest accepted is 1 GiB. */
    public static final long MAX_BYTES = 1L << 30;

    private ByteSizes() {}

    /** Parses {@code text} into bytes; throws IllegalArgumentException naming {@code option}, the text and the forms. */
    public static int parse(String option, String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.strip().toUpperCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(option + " '" + text + "' is not a size; write it with a unit, e.g. 512KiB, 64MiB, 1GiB");
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
        if (bytes < 1024 || bytes > MAX_BYTES) {
            throw new IllegalArgumentException(option + " " + text + " must be between 1KiB and 1GiB");
        }
        return (int) bytes;
    }
}
