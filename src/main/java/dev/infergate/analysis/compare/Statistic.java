package dev.infergate.analysis.compare;

import dev.infergate.analysis.Metric;
import dev.infergate.analysis.Percentiles;
import java.util.Locale;

/**
 * One number summarising a metric over a set of requests: a percentile or the mean of a per-request metric
 * ({@code ttft.p95}, {@code e2e.mean}), or a run metric itself ({@code throughput.output_tokens_per_s}).
 *
 * <p>Percentiles are the nearest rank of the raw values ({@link dev.infergate.analysis.Quantiles}), the definition of
 * summary.json's HdrHistogram figures; they differ from those only by the histogram's 3 significant digits.
 * The maximum is deliberately not offered: a bootstrap cannot put an interval on it.
 *
 * @param metric     what is summarised
 * @param percentile 0 < p < 100 for a percentile; {@link #MEAN} for the mean; {@link #VALUE} for run metrics
 */
public record Statistic(Metric metric, double percentile) {
    public static final double MEAN = -1;
    public static final double VALUE = -2;

    public Statistic {
        if (metric == null) {
            throw new IllegalArgumentException("metric must not be null");
        }
        if (metric.perRequest() && percentile != MEAN && !(percentile > 0 && percentile < 100)) {
            throw new IllegalArgumentException("percentile (" + percentile + ") must be between 0 and 100, or MEAN");
        }
        if (!metric.perRequest() && percentile != VALUE) {
            throw new IllegalArgumentException(metric.key() + " is one number per run; it takes no percentile");
        }
    }

    public static Statistic of(Metric metric, double percentile) {
        return new Statistic(metric, percentile);
    }

    public static Statistic value(Metric metric) {
        return new Statistic(metric, VALUE);
    }

    public boolean isPercentile() {
        return percentile > 0;
    }

    /**
     * Parses {@code ttft.p95}, {@code tpot.p99.9}, {@code e2e.mean} or a run metric such as {@code errors.rate}.
     *
     * @throws IllegalArgumentException naming the text and what is accepted
     */
    public static Statistic parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        Metric whole = Metric.byKey(t);
        if (whole != null) {
            if (whole.perRequest()) {
                throw new IllegalArgumentException("'" + text + "' needs a statistic, e.g. " + t + ".p95 or " + t + ".mean");
            }
            return value(whole);
        }
        int dot = t.indexOf('.');
        Metric metric = dot < 0 ? null : Metric.byKey(t.substring(0, dot));
        if (metric == null || !metric.perRequest()) {
            throw new IllegalArgumentException("unknown metric '" + text + "'; expected one of " + Metric.keys()
                    + " (per-request ones with .p50, .p90, .p95, .p99, .p99.9 or .mean)");
        }
        String stat = t.substring(dot + 1);
        if (stat.equals(Percentiles.MEAN)) {
            return of(metric, MEAN);
        }
        if (stat.equals(Percentiles.MAX)) {
            throw new IllegalArgumentException("'" + text + "': the maximum has no confidence interval; use .p99 or .p99.9");
        }
        if (stat.matches("p\\d+(\\.\\d+)?")) {
            double p = Double.parseDouble(stat.substring(1));
            if (stat.equals(Percentiles.P999)) {
                p = 99.9;
            }
            if (p > 0 && p < 100) {
                return of(metric, p);
            }
        }
        throw new IllegalArgumentException("unknown statistic '" + stat + "' in '" + text
                + "'; use p50, p90, p95, p99, p99.9 or mean");
    }

    /** The name as written in criteria: {@code ttft.p95}, {@code tpot.p99.9}, {@code e2e.mean}, {@code errors.rate}. */
    public String key() {
        if (percentile == VALUE) {
            return metric.key();
        }
        if (percentile == MEAN) {
            return metric.key() + ".mean";
        }
        String p = percentile == Math.rint(percentile) ? Long.toString((long) percentile) : Double.toString(percentile);
        return metric.key() + ".p" + p;
    }

    @Override
    public String toString() {
        return key();
    }
}
