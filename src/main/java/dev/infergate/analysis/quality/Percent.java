package dev.infergate.analysis.quality;

import java.util.Locale;

/** Fractions shown as percentages with one decimal: 0.9125 → {@code 91.3%}. */
final class Percent {
    private Percent() {}

    static String of(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }
}
