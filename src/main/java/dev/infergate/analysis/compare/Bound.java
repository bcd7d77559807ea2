package dev.infergate.analysis.compare;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The kinds of threshold a criterion can set. Relative bounds judge the delta {@code cand / base - 1} and
 * know the metric's direction; absolute bounds judge the candidate's own value.
 */
public enum Bound {
    /** The candidate may be at most this much worse: a latency at most +X %, a throughput at most -X %. */
    MAX_REGRESSION("max_regression"),
    /** The candidate must be at least this much better: a latency at least -X %, a throughput at least +X %. */
    MIN_IMPROVEMENT("min_improvement"),
    /** The candidate's value must not exceed this (e.g. {@code errors.rate: {max: 0.5%}}). */
    MAX("max"),
    /** The candidate's value must reach this (e.g. {@code goodput.attainment: {min: 0.95}}). */
    MIN("min");

    private final String key;

    Bound(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public boolean relative() {
        return this == MAX_REGRESSION || this == MIN_IMPROVEMENT;
    }

    /** The bound named {@code key}, or null. */
    public static Bound byKey(String key) {
        for (Bound b : values()) {
            if (b.key.equals(key)) {
                return b;
            }
        }
        return null;
    }

    public static String keys() {
        return Arrays.stream(values()).map(Bound::key).collect(Collectors.joining(", "));
    }
}
