package dev.infergate.analysis.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The load levels of a sweep: closed-loop concurrencies or open-loop rates, either a fixed list
 * ({@code --concurrency 1,4,16,64}, {@code --rate 2,4,8,16}) or {@code --levels auto}: doubling from the first value
 * until a level breaks the SLO on every side, at most {@code maxLevels} levels.
 *
 * @param kind      what a level's value is
 * @param values    the levels in the order run (a fixed list, strictly rising); with {@code auto} the start alone
 * @param auto      whether levels double from {@code values.get(0)} until the SLO breaks
 * @param maxLevels the most levels run; it also sets how the error is held across levels ({@link SweepErrorRule}),
 *                  so with {@code auto} it is declared before the first level, as {@code --max-looks} is
 */
public record SweepLevels(Kind kind, List<Double> values, boolean auto, int maxLevels) {
    /** The most levels one sweep may hold (a level is a run per side and repeat). */
    public static final int MOST_LEVELS = 32;

    /** What a level's value is. */
    public enum Kind {
        /** Virtual users, each sending its next request when its last finished (closed loop). */
        CONCURRENCY("concurrency"),
        /** Poisson arrivals per second (open loop). */
        RATE("rate");

        private final String key;

        Kind(String key) {
            this.key = key;
        }

        /** The option and file name: {@code concurrency}, {@code rate}. */
        public String key() {
            return key;
        }
    }

    public SweepLevels {
        if (kind == null) {
            throw new IllegalArgumentException("kind must be set (concurrency or rate)");
        }
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a sweep needs at least one level");
        }
        if (auto && values.size() != 1) {
            throw new IllegalArgumentException("--levels auto takes one starting " + kind.key() + " (got " + values.size()
                    + "); it doubles from there");
        }
        if (maxLevels < values.size() || maxLevels > MOST_LEVELS) {
            throw new IllegalArgumentException("max levels (" + maxLevels + ") must be between the levels given ("
                    + values.size() + ") and " + MOST_LEVELS);
        }
        for (int i = 0; i < values.size(); i++) {
            double v = values.get(i);
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException(kind.key() + " level (" + format(v) + ") must be > 0");
            }
            if (kind == Kind.CONCURRENCY && v != Math.rint(v)) {
                throw new IllegalArgumentException("concurrency level (" + format(v) + ") must be a whole number of users");
            }
            if (i > 0 && !(v > values.get(i - 1))) {
                throw new IllegalArgumentException(kind.key() + " levels must rise: " + format(v) + " follows "
                        + format(values.get(i - 1)) + "; write them lowest first, e.g. 1,4,16");
            }
        }
    }

    /**
     * Parses {@code 1,4,16} (or, with {@code auto}, the one starting value) for {@code kind}.
     *
     * @throws IllegalArgumentException naming the value and what is accepted
     */
    public static SweepLevels parse(Kind kind, String list, boolean auto, int maxLevels) {
        List<Double> values = new ArrayList<>();
        for (String part : list.split(",", -1)) {
            String p = part.trim();
            if (p.isEmpty()) {
                throw new IllegalArgumentException("--" + kind.key() + " '" + list + "' has an empty level; write levels like 1,4,16");
            }
            try {
                values.add(Double.parseDouble(p.endsWith("/s") ? p.substring(0, p.length() - 2) : p));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--" + kind.key() + " level '" + p + "' is not a number; write levels like "
                        + (kind == Kind.CONCURRENCY ? "1,4,16,64" : "2,4,8,16"));
            }
        }
        return new SweepLevels(kind, values, auto, auto ? maxLevels : Math.max(values.size(), Math.min(maxLevels, MOST_LEVELS)));
    }

    /** The {@code i}-th level (from 0): a fixed list's, or the start doubled {@code i} times. */
    public Level level(int i) {
        if (i < 0 || i >= maxLevels || (!auto && i >= values.size())) {
            throw new IndexOutOfBoundsException("level " + i + " of " + (auto ? maxLevels : values.size()));
        }
        return new Level(kind, auto ? values.get(0) * Math.pow(2, i) : values.get(i));
    }

    /** The levels of a fixed list; with {@code auto} the most that may run. */
    public int planned() {
        return auto ? maxLevels : values.size();
    }

    static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.format(Locale.ROOT, "%s", v);
    }

    /**
     * One level.
     *
     * @param kind  concurrency or rate
     * @param value users, or requests per second
     */
    public record Level(Kind kind, double value) {
        public Level {
            if (!(value > 0)) {
                throw new IllegalArgumentException("level value (" + value + ") must be > 0");
            }
        }

        /** Its directory and condition name: {@code concurrency-16}, {@code rate-2.5}. */
        public String name() {
            return kind.key() + "-" + format(value);
        }

        /** Its label in tables and on the page: {@code c=16}, {@code 2.5/s}. */
        public String label() {
            return kind == Kind.CONCURRENCY ? "c=" + format(value) : format(value) + "/s";
        }

        /** The users of a concurrency level (0 for a rate). */
        public int concurrency() {
            return kind == Kind.CONCURRENCY ? (int) value : 0;
        }

        /** The rate of a rate level, per second (0 for a concurrency). */
        public double ratePerSecond() {
            return kind == Kind.RATE ? value : 0;
        }
    }
}
