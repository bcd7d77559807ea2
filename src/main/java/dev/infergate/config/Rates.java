package dev.infergate.config;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the rate syntax of options such as {@code --rate}: requests per second ({@code 6} or {@code 6/s}), or per
 * minute or hour ({@code 360/m}, {@code 21600/h}), which read better for slow open loops. The result is always
 * per second.
 */
public final class Rates {
    private static final Pattern FORM = Pattern.compile("([0-9.eE+-]+)\\s*(?:/\\s*(s|m|min|h))?");

    private Rates() {}

    /**
     * Parses {@code text} into requests per second; throws IllegalArgumentException naming the text and the
     * accepted forms. The rate must be finite and above 0; lower limits are the caller's to check.
     */
    public static double perSecond(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.strip());
        double v = Double.NaN;
        if (m.matches()) {
            try {
                v = Double.parseDouble(m.group(1));
            } catch (NumberFormatException e) {
                // NaN: refused below
            }
        }
        if (!(v > 0 && Double.isFinite(v))) {
            throw new IllegalArgumentException("'" + text + "' is not a rate above 0; write requests per second (6 or 6/s),"
                    + " per minute (360/m) or per hour (21600/h)");
        }
        String unit = m.group(2);
        return unit == null || unit.equals("s") ? v : unit.equals("h") ? v / 3600 : v / 60;
    }
}
