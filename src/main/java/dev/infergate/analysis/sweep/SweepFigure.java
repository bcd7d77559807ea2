package dev.infergate.analysis.sweep;

import dev.infergate.analysis.Metric;
import dev.infergate.analysis.compare.Statistic;

/**
 * The figures a sweep reports at every level, each one statistic of the comparison's registry (so a sweep's figure is
 * computed exactly as {@code compare} computes it, repeats pooled, percentiles of the raw values).
 */
public enum SweepFigure {
    THROUGHPUT_RPS("throughput_rps", "req/s", Statistic.value(Metric.THROUGHPUT_REQUESTS)),
    OUTPUT_TOKENS_PER_S("output_tokens_per_s", "out tok/s", Statistic.value(Metric.THROUGHPUT_OUTPUT_TOKENS)),
    TTFT_P50_MS("ttft_p50_ms", "TTFT p50", Statistic.of(Metric.TTFT, 50)),
    TTFT_P99_MS("ttft_p99_ms", "TTFT p99", Statistic.of(Metric.TTFT, 99)),
    /** The median of each request's mean gap between output events: the pooled ITL has no per-request value to resample. */
    ITL_P50_MS("itl_p50_ms", "ITL p50", Statistic.of(Metric.ITL_MEAN_PER_REQUEST, 50)),
    E2E_P50_MS("e2e_p50_ms", "E2E p50", Statistic.of(Metric.E2E, 50)),
    E2E_P99_MS("e2e_p99_ms", "E2E p99", Statistic.of(Metric.E2E, 99)),
    GOODPUT_RPS("goodput_rps", "goodput", Statistic.value(Metric.GOODPUT_REQUESTS)),
    /** What one user reads at: the median effective tok/s, output tokens / (last token - first token). */
    TOKENS_PER_S_PER_USER("tokens_per_s_per_user", "tok/s/user", Statistic.of(Metric.EFFECTIVE_TOKENS_PER_S, 50)),
    ATTAINMENT("slo_attainment", "SLO att.", Statistic.value(Metric.GOODPUT_ATTAINMENT)),
    ERROR_RATE("error_rate", "errors", Statistic.value(Metric.ERROR_RATE));

    private final String key;
    private final String label;
    private final Statistic statistic;

    SweepFigure(String key, String label, Statistic statistic) {
        this.key = key;
        this.label = label;
        this.statistic = statistic;
    }

    /** Its key in sweep.json. */
    public String key() {
        return key;
    }

    /** Its column heading. */
    public String label() {
        return label;
    }

    public Statistic statistic() {
        return statistic;
    }

    /** Whether a higher value is better for users (throughput, goodput, tok/s per user, attainment). */
    public boolean higherIsBetter() {
        return !statistic.metric().lowerIsBetter();
    }

    /** The figure of {@code key}, or null. */
    public static SweepFigure byKey(String key) {
        for (SweepFigure f : values()) {
            if (f.key.equals(key)) {
                return f;
            }
        }
        return null;
    }
}
