package dev.infergate.analysis.sweep;

import java.util.Locale;

/**
 * A count of requests per level: a fixed number ({@code 40}) or a multiple of the level ({@code 4x}: 4 per user at a
 * concurrency, 4 seconds' worth at a rate), so a sweep from 1 to 64 users keeps every user busy at every level without
 * sending 64 users' worth at one.
 *
 * @param fixed    the count at every level, or 0 when per level
 * @param perLevel requests per unit of the level's value, or 0 when fixed
 */
public record LevelCount(long fixed, double perLevel) {
    public LevelCount {
        if (fixed < 0 || perLevel < 0 || (fixed > 0) == (perLevel > 0) && !(fixed == 0 && perLevel == 0)) {
            throw new IllegalArgumentException("a level count is either fixed (" + fixed + ") or per level (" + perLevel + ")");
        }
    }

    /**
     * Parses {@code N} or {@code Kx} for {@code option}; {@code 0} is allowed only when {@code zeroAllowed} (warm-up).
     *
     * @throws IllegalArgumentException naming the option and the forms accepted
     */
    public static LevelCount parse(String option, String text, boolean zeroAllowed) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        try {
            if (t.endsWith("x")) {
                double k = Double.parseDouble(t.substring(0, t.length() - 1));
                if (!(k > 0) || Double.isInfinite(k)) {
                    throw new IllegalArgumentException(option + " " + text + " must be more than 0x");
                }
                return new LevelCount(0, k);
            }
            long n = Long.parseLong(t);
            if (n < 0 || (n == 0 && !zeroAllowed)) {
                throw new IllegalArgumentException(option + " " + text + " must be " + (zeroAllowed ? ">= 0" : ">= 1"));
            }
            return new LevelCount(n, 0);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " '" + text + "' is neither a count (40) nor a multiple of the level"
                    + " (4x: 4 per user, or 4 seconds' worth at a rate)");
        }
    }

    /** The count at {@code level}: the fixed count, or ceil(multiple x level), at least 1 unless none was asked. */
    public long at(SweepLevels.Level level) {
        if (perLevel == 0) {
            return fixed;
        }
        return Math.max(1, (long) Math.ceil(perLevel * level.value() - 1e-9));
    }

    /** As written: {@code 40} or {@code 4x}. */
    public String text() {
        return perLevel == 0 ? String.valueOf(fixed) : SweepLevels.format(perLevel) + "x";
    }
}
