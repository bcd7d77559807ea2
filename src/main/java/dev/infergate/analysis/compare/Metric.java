package dev.infergate.analysis.compare;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A figure that can be compared between a baseline and a candidate (definitions in docs/metrics.md).
 *
 * <p>Per-request metrics have one value per request (successful requests only; failures are counted by
 * {@link #ERROR_RATE}, never hidden) and are summarised by a percentile or the mean. Run metrics are one
 * number per run, built from per-request contributions so they can be resampled too: throughput and goodput
 * divide by the measured window, the shares divide by the requests sent.
 *
 * <p>{@link #SESSION_TOTAL} is per agent session rather than per request: each completed session's total time
 * (last turn's {@code done} minus first turn's {@code scheduled}, think times included: the user's wait for
 * the whole task) is carried by that session's last turn, and every other record has no value. Resampling
 * requests then draws each session's total about Poisson(1) times (a Poisson bootstrap over sessions), and
 * its counts are completed sessions.
 *
 * <p>Units: latencies in <b>milliseconds</b>, speeds in tokens or requests per second, shares as fractions.
 */
public enum Metric {
    TTFT("ttft", true, true, "ms"),
    TTFT_FROM_SCHEDULED("ttft_from_scheduled", true, true, "ms"),
    E2E("e2e", true, true, "ms"),
    E2E_FROM_SCHEDULED("e2e_from_scheduled", true, true, "ms"),
    TPOT("tpot", true, true, "ms"),
    /** The mean gap between output events of a request: {@code (last_token - first_token) / (chunks - 1)}. */
    ITL("itl", true, true, "ms"),
    QUEUE_WAIT("queue_wait", true, true, "ms"),
    EFFECTIVE_TOKENS_PER_S("effective_tokens_per_s", true, false, "tok/s"),
    /** Agent sessions: a completed session's total time from its first turn's scheduled mark ("agent turn latency"). */
    SESSION_TOTAL("session_total", true, true, "ms"),
    THROUGHPUT_OUTPUT_TOKENS("throughput.output_tokens_per_s", false, false, "tok/s"),
    THROUGHPUT_REQUESTS("throughput.requests_per_s", false, false, "req/s"),
    GOODPUT_REQUESTS("goodput.requests_per_s", false, false, "req/s"),
    GOODPUT_ATTAINMENT("goodput.attainment", false, false, ""),
    ERROR_RATE("errors.rate", false, true, ""),
    TIMEOUT_RATE("errors.timeout_rate", false, true, ""),
    CACHE_HIT_RATE("cache.hit_rate", false, false, "");

    private final String key;
    private final boolean perRequest;
    private final boolean lowerIsBetter;
    private final String unit;

    Metric(String key, boolean perRequest, boolean lowerIsBetter, String unit) {
        this.key = key;
        this.perRequest = perRequest;
        this.lowerIsBetter = lowerIsBetter;
        this.unit = unit;
    }

    /** The name used in criteria and reports, e.g. {@code ttft} or {@code errors.rate}. */
    public String key() {
        return key;
    }

    /** Whether the metric has a value per request (summarised by a percentile or the mean). */
    public boolean perRequest() {
        return perRequest;
    }

    /** Whether the metric has a value per agent session (only runs of agent sessions have it). */
    public boolean perSession() {
        return this == SESSION_TOTAL;
    }

    /** Latencies and failure shares: lower is better. Speeds, goodput and cache hits: higher is better. */
    public boolean lowerIsBetter() {
        return lowerIsBetter;
    }

    /** Whether values are milliseconds (so absolute thresholds may be written as durations). */
    public boolean isLatency() {
        return unit.equals("ms");
    }

    /** Whether values are shares 0..1 (so thresholds may be written as percentages). */
    public boolean isShare() {
        return unit.isEmpty();
    }

    public String unit() {
        return unit;
    }

    /** The metric named {@code key}, or null. */
    public static Metric byKey(String key) {
        String k = key.trim().toLowerCase(Locale.ROOT);
        for (Metric m : values()) {
            if (m.key.equals(k)) {
                return m;
            }
        }
        return null;
    }

    /** Every key, for messages. */
    public static String keys() {
        return Arrays.stream(values()).map(Metric::key).collect(Collectors.joining(", "));
    }
}
