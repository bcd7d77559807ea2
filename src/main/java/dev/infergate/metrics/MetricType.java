package dev.infergate.metrics;

import java.util.Locale;

/** The {@code # TYPE} of a metric family; anything unknown or undeclared is {@link #UNTYPED}. */
public enum MetricType {
    COUNTER, GAUGE, HISTOGRAM, SUMMARY, UNTYPED;

    /** Parses a TYPE word; unknown words (info, stateset, gaugehistogram, unknown) are untyped. */
    public static MetricType parse(String word) {
        return switch (word.toLowerCase(Locale.ROOT)) {
            case "counter" -> COUNTER;
            case "gauge" -> GAUGE;
            case "histogram" -> HISTOGRAM;
            case "summary" -> SUMMARY;
            default -> UNTYPED;
        };
    }
}
