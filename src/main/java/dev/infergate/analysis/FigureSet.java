package dev.infergate.analysis;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every figure of METRICS.md over one set of measured requests (all of a run, its cold or warm ones, one
 * condition): the body of summary.json, as written by {@link Figures}. Failed requests stay in every
 * denominator.
 *
 * @param requests             requests counted
 * @param errors               failed requests by error class key ({@code http_5xx}, {@code timeout_total}, ...)
 * @param errorRate            failed / (sent - cancelled), 3 decimals; 0 when nothing was sent; null when missing (rates and
 *                             shares of an imported run that its file cannot give are null too)
 * @param latencyMs            the latency distributions, ms
 * @param effectiveTokensPerS  per request: output tokens / (last_token - first_token)
 * @param chunksPerRequest     per request: output-carrying events
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record FigureSet(Requests requests, Map<String, Long> errors, Double errorRate, LatencyFigures latencyMs,
        Percentiles effectiveTokensPerS, Percentiles chunksPerRequest, Throughput throughput, Goodput goodput,
        Tokens tokens, Cache cache) {

    public FigureSet {
        errors = Collections.unmodifiableMap(new LinkedHashMap<>(errors)); // in error class order, as counted
    }

    /**
     * The distribution of {@code metric} in printed units: a {@link Metric#latencyBlock()} metric, effective tok/s
     * or chunks per request.
     *
     * @throws IllegalArgumentException for a metric summary.json has no distribution of
     */
    public Percentiles distribution(Metric metric) {
        return switch (metric) {
            case EFFECTIVE_TOKENS_PER_S -> effectiveTokensPerS;
            case CHUNKS_PER_REQUEST -> chunksPerRequest;
            default -> latencyMs.get(metric);
        };
    }

    /**
     * The value of a run metric as summary.json gives it (no timeout or warm-cache rate here); NaN otherwise and
     * when missing.
     */
    public double value(Metric metric) {
        Double v = switch (metric) {
            case THROUGHPUT_OUTPUT_TOKENS -> throughput.outputTokensPerS();
            case THROUGHPUT_REQUESTS -> throughput.requestsPerS();
            case GOODPUT_REQUESTS -> goodput.requestsPerS();
            case GOODPUT_ATTAINMENT -> goodput.attainment();
            case ERROR_RATE -> errorRate;
            default -> null;
        };
        return v == null ? Double.NaN : v;
    }

    /** The key of input throughput among an imported run's missing figures (no metric compares it). */
    public static final String INPUT_TOKENS_PER_S = "throughput.input_tokens_per_s";

    /**
     * These figures with those an imported run's file does not carry marked missing, never invented: a latency
     * distribution becomes {@link Percentiles#missing}, a rate or share null, and a missing cache hit rate means
     * the server reported no cache.
     *
     * @param missing figure keys as the registry names them ({@link Metric#key()}), plus {@link #INPUT_TOKENS_PER_S}
     * @param why     the reason written beside each missing distribution
     */
    public FigureSet masked(java.util.Collection<String> missing, String why) {
        Map<Metric, Percentiles> latency = new java.util.EnumMap<>(latencyMs.byMetric());
        latency.replaceAll((m, p) -> missing.contains(m.key()) ? Percentiles.missing(why) : p);
        Throughput t = new Throughput(throughput.windowS(), unless(missing, Metric.THROUGHPUT_REQUESTS.key(), throughput.requestsPerS()),
                unless(missing, Metric.THROUGHPUT_OUTPUT_TOKENS.key(), throughput.outputTokensPerS()),
                unless(missing, INPUT_TOKENS_PER_S, throughput.inputTokensPerS()));
        Goodput g = new Goodput(goodput.slo(), unless(missing, Metric.GOODPUT_REQUESTS.key(), goodput.requestsPerS()),
                unless(missing, Metric.GOODPUT_ATTAINMENT.key(), goodput.attainment()));
        Cache c = missing.contains(Metric.CACHE_HIT_RATE.key()) ? new Cache(cache.requestsWithCachedTokens(),
                cache.cachedTokenRatio(), cache.warmCachedShare(), cache.warmRequests(), cache.warmRequestShare(), false) : cache;
        return new FigureSet(requests, errors, unless(missing, Metric.ERROR_RATE.key(), errorRate), new LatencyFigures(latency),
                effectiveTokensPerS, chunksPerRequest, t, g, tokens, c);
    }

    private static Double unless(java.util.Collection<String> missing, String key, Double value) {
        return missing.contains(key) ? null : value;
    }

    /**
     * Request counts: {@code sent = completed + failed + cancelled}.
     *
     * @param warmup         warm-up requests excluded before the counts (0 in a split such as by_cache)
     * @param cancelled      requests the client closed on purpose (user cancellations): neither completed nor
     *                       failed, and out of the error rate's and attainment's denominators; omitted when 0
     * @param cancelledShare cancelled / sent, 4 decimals; null (omitted) when none was cancelled
     * @param buffered       completed answers that came in one lump (docs/metrics.md, "Streaming delivery"): their TPOT,
     *                       ITL and effective tok/s are not measurable and left out of those distributions, never 0;
     *                       omitted when 0
     * @param cooldown       requests sent after the measured time only to keep the load on, excluded before the counts
     *                       ({@code RunLimits}' cool-down); omitted when 0
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Requests(long sent, long completed, long failed, long warmup,
            @JsonInclude(JsonInclude.Include.NON_DEFAULT) long cancelled,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double cancelledShare,
            @JsonInclude(JsonInclude.Include.NON_DEFAULT) long buffered,
            @JsonInclude(JsonInclude.Include.NON_DEFAULT) long cooldown) {
        /** Counts of a run without a cool-down. */
        public Requests(long sent, long completed, long failed, long warmup, long cancelled, Double cancelledShare, long buffered) {
            this(sent, completed, failed, warmup, cancelled, cancelledShare, buffered, 0);
        }

        /** Counts of a run without user cancellations. */
        public Requests(long sent, long completed, long failed, long warmup) {
            this(sent, completed, failed, warmup, 0, null, 0, 0);
        }

        /** Counts of a run without buffered answers. */
        public Requests(long sent, long completed, long failed, long warmup, long cancelled, Double cancelledShare) {
            this(sent, completed, failed, warmup, cancelled, cancelledShare, 0, 0);
        }

        /** Requests that count for the error rate and attainment: those sent and not cancelled by the client. */
        public long counted() {
            return sent - cancelled;
        }
    }

    /** Rates over the measured window (earliest scheduled to latest end), warm-up excluded. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Throughput(double windowS, Double requestsPerS, Double outputTokensPerS, Double inputTokensPerS) {}

    /**
     * Completed requests that met every SLO target.
     *
     * @param attainment their share of all requests sent, 4 decimals (failures count as misses)
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Goodput(Slo.Targets slo, Double requestsPerS, Double attainment) {}

    /**
     * Token totals.
     *
     * @param outputSource {@code usage} (the server's count), {@code client} (counted here) or {@code mixed}
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Tokens(long inputTotal, long outputTotal, String outputSource) {}

    /**
     * The server's prompt cache as seen in usage.
     *
     * @param cachedTokenRatio  cached / prompt tokens where the server reported cached tokens; null when it never did
     * @param warmCachedShare   the prompt share from cache that makes a request warm
     * @param warmRequestShare  warm / completed requests; null when none completed
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Cache(long requestsWithCachedTokens, Double cachedTokenRatio, double warmCachedShare, long warmRequests,
            Double warmRequestShare, boolean reportedByServer) {}
}
