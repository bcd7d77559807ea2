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
    /** The figures' names in JSON (and in criteria: {@code ttft.p99}), each written here once. */
    public static final String MEAN = "mean";
    public static final String MIN = "min";
    public static final String P50 = "p50";
    public static final String P90 = "p90";
    public static final String P95 = "p95";
    public static final String P99 = "p99";
    public static final String P999 = "p999";
    public static final String MAX = "max";
    /** The percentiles printed everywhere, as named in JSON. */
    public static final List<String> KEYS = List.of(P50, P90, P95, P99, P999);
    /** The columns of a latency table: the mean, the percentiles, the maximum. */
    public static final List<String> COLUMNS = List.of(MEAN, P50, P90, P95, P99, P999, MAX);

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
            case MEAN -> mean;
            case MIN -> min;
            case P50 -> p50;
            case P90 -> p90;
            case P95 -> p95;
            case P99 -> p99;
            case P999 -> p999;
            case MAX -> max;
            default -> throw new IllegalArgumentException("unknown figure '" + key + "' of a distribution");
        };
        return v == null ? Double.NaN : v;
    }

    /** A figure's name as people read it: {@code p999} is p99.9, any other name is itself. */
    public static String label(String key) {
        return P999.equals(key) ? "p99.9" : key;
    }

    /** Whether {@code key} is a percentile with too few samples beyond it to be more than a rough bound. */
    public boolean isLowSample(String key) {
        return lowSample != null && lowSample.contains(key);
    }
}
