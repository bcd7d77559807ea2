package dev.infergate.analysis;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * A distribution as every infergate output prints it, in printed units (milliseconds for latencies): the
 * sample count, mean, min, p50, p90, p95, p99, p99.9 and max, each rounded to 3 decimals. An empty
 * distribution has a count of 0 and no other figure (null, left out of JSON); a missing one (see
 * {@link FigureSet#masked}) also says why.
 *
 * @param lowSample the percentiles ({@code p99}, {@code p999}, ...) with fewer than
 *                  {@link Distribution#TAIL_SAMPLES_WANTED} samples beyond them; null when none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Percentiles(long count, Double mean, Double min, Double p50, Double p90, Double p95, Double p99, Double p999,
        Double max, List<String> lowSample, String missing) {
    /** The percentiles printed everywhere, as named in JSON. */
    public static final List<String> KEYS = List.of("p50", "p90", "p95", "p99", "p999");

    /** Figures without a note of why they are missing. */
    public Percentiles(long count, Double mean, Double min, Double p50, Double p90, Double p95, Double p99, Double p999,
            Double max, List<String> lowSample) {
        this(count, mean, min, p50, p90, p95, p99, p999, max, lowSample, null);
    }

    public Percentiles {
        if (count < 0) {
            throw new IllegalArgumentException("count (" + count + ") must be >= 0");
        }
        lowSample = lowSample == null || lowSample.isEmpty() ? null : List.copyOf(lowSample);
    }

    /** No samples. */
    public static Percentiles empty() {
        return new Percentiles(0, null, null, null, null, null, null, null, null, null, null);
    }

    /** A figure the records cannot give (an imported run's file does not carry it), saying why. */
    public static Percentiles missing(String why) {
        return new Percentiles(0, null, null, null, null, null, null, null, null, null, why);
    }

    /**
     * The figure named as in JSON ({@code mean}, {@code min}, {@code p50} ... {@code p999}, {@code max}); NaN when
     * the distribution is empty.
     */
    public double get(String key) {
        Double v = switch (key) {
            case "mean" -> mean;
            case "min" -> min;
            case "p50" -> p50;
            case "p90" -> p90;
            case "p95" -> p95;
            case "p99" -> p99;
            case "p999" -> p999;
            case "max" -> max;
            default -> throw new IllegalArgumentException("unknown figure '" + key + "' of a distribution");
        };
        return v == null ? Double.NaN : v;
    }

    /** Whether {@code key} is a percentile with too few samples beyond it to be more than a rough bound. */
    public boolean isLowSample(String key) {
        return lowSample != null && lowSample.contains(key);
    }
}
