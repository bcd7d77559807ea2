package dev.infergate.analysis;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The registry of every figure infergate reports: its key, its name for people, its unit, its definition and
 * which way is better. summary.json, the console, the comparison, the criteria, the HTML report and
 * docs/metrics.md all read it, so a metric's key is written here once (definitions in docs/metrics.md).
 *
 * <p>Scopes: a {@link Scope#PER_REQUEST} metric has one value per successful request (failures are counted by
 * {@link #ERROR_RATE}, never hidden) and can be compared and judged by a percentile or the mean; a
 * {@link Scope#PER_RUN} metric is one number per run, built from per-request contributions so it can be
 * resampled too (throughput and goodput divide by the measured window, the shares by the requests sent); a
 * {@link Scope#DISTRIBUTION} metric is reported as a distribution in summary.json but not compared (its values
 * are gaps or counts, not one value per request to resample).
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
    TTFT("ttft", "TTFT", Unit.MS, true, Scope.PER_REQUEST, true,
            "first_token - sent: the wait for the first output-carrying event"),
    TTFT_FROM_SCHEDULED("ttft_from_scheduled", "TTFT from scheduled", Unit.MS, true, Scope.PER_REQUEST, true,
            "first_token - scheduled: TTFT with the client's queue wait, free of coordinated omission"),
    /** Pooled: every gap of every request is one value (summary.json's {@code latency_ms.itl}). */
    ITL("itl", "ITL", Unit.MS, true, Scope.DISTRIBUTION, true,
            "the gaps between consecutive output-carrying events, pooled over all requests (one value per gap)"),
    TPOT("tpot", "TPOT", Unit.MS, true, Scope.PER_REQUEST, true,
            "(last_token - first_token) / (output_tokens - 1); undefined for one output token"),
    E2E("e2e", "E2E", Unit.MS, true, Scope.PER_REQUEST, true, "done - sent: the whole answer"),
    E2E_FROM_SCHEDULED("e2e_from_scheduled", "E2E from scheduled", Unit.MS, true, Scope.PER_REQUEST, true,
            "done - scheduled: E2E with the client's queue wait, free of coordinated omission"),
    QUEUE_WAIT("queue_wait", "Client queue wait", Unit.MS, true, Scope.PER_REQUEST, true,
            "from scheduled until a concurrency slot was free"),
    MAX_STALL("max_stall", "Max stall per request", Unit.MS, true, Scope.DISTRIBUTION, true,
            "the largest gap between output-carrying events of a request"),
    /**
     * One value per request: its mean gap, unlike the pooled {@link #ITL}. Criteria written before it had its own
     * name say {@code itl}; they still work, with a note ({@link #aliasNote}).
     */
    ITL_MEAN_PER_REQUEST("itl_mean_per_request", "per-request mean ITL", Unit.MS, true, Scope.PER_REQUEST, false,
            "(last_token - first_token) / (chunks - 1) of each request: its mean gap between output events", "itl"),
    EFFECTIVE_TOKENS_PER_S("effective_tokens_per_s", "Effective tok/s", Unit.TOKENS_PER_S, false, Scope.PER_REQUEST, false,
            "output_tokens / (last_token - first_token): the speed a reader sees once text starts"),
    CHUNKS_PER_REQUEST("chunks_per_request", "Chunks per request", Unit.COUNT, false, Scope.DISTRIBUTION, false,
            "output-carrying events of a request"),
    /** Agent sessions: a completed session's total time from its first turn's scheduled mark ("agent turn latency"). */
    SESSION_TOTAL("session_total", "Session total", Unit.MS, true, Scope.PER_SESSION, false,
            "last turn's done - first turn's scheduled of a completed agent session, think times included"),
    THROUGHPUT_OUTPUT_TOKENS("throughput.output_tokens_per_s", "Throughput (output tok/s)", Unit.TOKENS_PER_S, false,
            Scope.PER_RUN, false, "output tokens of completed requests / the measured window"),
    THROUGHPUT_REQUESTS("throughput.requests_per_s", "Throughput (req/s)", Unit.REQUESTS_PER_S, false, Scope.PER_RUN, false,
            "completed requests / the measured window"),
    GOODPUT_REQUESTS("goodput.requests_per_s", "Goodput (req/s)", Unit.REQUESTS_PER_S, false, Scope.PER_RUN, false,
            "completed requests that met every SLO target / the measured window"),
    GOODPUT_ATTAINMENT("goodput.attainment", "SLO attainment", Unit.SHARE, false, Scope.PER_RUN, false,
            "requests that met every SLO target / requests sent (failures count as misses)"),
    ERROR_RATE("errors.rate", "Error rate", Unit.SHARE, true, Scope.PER_RUN, false, "failed requests / requests sent"),
    TIMEOUT_RATE("errors.timeout_rate", "Timeout rate", Unit.SHARE, true, Scope.PER_RUN, false,
            "requests that timed out (connect, first token, idle, total) / requests sent"),
    CACHE_HIT_RATE("cache.hit_rate", "Warm-cache share", Unit.SHARE, false, Scope.PER_RUN, false,
            "requests with at least half of the prompt served from the server's cache / requests sent"),
    /** Reasoning models: what a chat UI that folds reasoning away shows first (summary.json's {@code reasoning} block). */
    TIME_TO_FIRST_ANSWER("time_to_first_answer", "Time to first answer", Unit.MS, true, Scope.PER_REQUEST, false,
            "first_answer - sent: the first content or tool-call event after any reasoning; TTFT for answers without reasoning"),
    /** Reasoning models: compared only where a side's runs reasoned ({@link #reasoningOnly}). More is a regression: cost and wait. */
    REASONING_TOKENS("reasoning_tokens", "Reasoning tokens", Unit.COUNT, true, Scope.PER_REQUEST, false,
            "reasoning tokens of a completed request: the server's usage reasoning_tokens, else output_tokens x reasoning"
                    + " events / output events; 0 for an answer without reasoning"),
    /** Reasoning models: what is left for the answer a user reads ({@link #reasoningOnly}). */
    ANSWER_TOKENS("answer_tokens", "Answer tokens", Unit.COUNT, true, Scope.PER_REQUEST, false,
            "output_tokens - reasoning_tokens of a completed request: the answer's own tokens"),
    /**
     * Streaming delivery (docs/metrics.md, "Streaming delivery"): the share of a run's classified answers that did
     * not stream incrementally. The criterion {@code delivery: incremental} is this share at most 20 %, the share
     * from which an endpoint is called bursty. Judged only where both sides streamed and have classified answers.
     */
    DELIVERY_NOT_INCREMENTAL("delivery.not_incremental_share", "Not incremental (bursty or buffered)", Unit.SHARE, true,
            Scope.PER_RUN, false, "answers classified bursty or buffered / answers classified (short and failed ones are"
                    + " undetermined and left out of both)"),
    /** Streaming delivery: the share of classified answers that came in one lump. {@code delivery: streamed} is at most 50 %. */
    DELIVERY_BUFFERED("delivery.buffered_share", "Buffered", Unit.SHARE, true, Scope.PER_RUN, false,
            "answers classified buffered / answers classified"),
    /** Streaming delivery: how coarse the events are (1 for a token-by-token stream). */
    TOKENS_PER_EVENT("tokens_per_event", "Tokens per event", Unit.COUNT, true, Scope.PER_REQUEST, false,
            "output_tokens / output-carrying events of a completed streamed answer"),
    /** Streaming delivery: near 1 when nothing arrived before the end. */
    TTFT_SHARE_OF_E2E("ttft_share_of_e2e", "Share of E2E before the first token", Unit.SHARE, true, Scope.PER_REQUEST,
            false, "(first_token - sent) / (done - sent) of a completed streamed answer: near 1 when it came in one lump");

    /** Older names of a comparable metric, still accepted in criteria. */
    private final List<String> aliases;

    /** What one value of a metric is. */
    public enum Scope { PER_REQUEST, PER_SESSION, PER_RUN, DISTRIBUTION }

    /** The unit of a metric's values, with the symbol printed after them. */
    public enum Unit {
        MS("ms"), TOKENS_PER_S("tok/s"), REQUESTS_PER_S("req/s"), SHARE(""), COUNT("");

        private final String symbol;

        Unit(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    private final String key;
    private final String label;
    private final Unit unit;
    private final boolean lowerIsBetter;
    private final Scope scope;
    private final boolean latencyBlock;
    private final String definition;

    Metric(String key, String label, Unit unit, boolean lowerIsBetter, Scope scope, boolean latencyBlock, String definition,
            String... aliases) {
        this.aliases = List.of(aliases);
        this.key = key;
        this.label = label;
        this.unit = unit;
        this.lowerIsBetter = lowerIsBetter;
        this.scope = scope;
        this.latencyBlock = latencyBlock;
        this.definition = definition;
    }

    /** The name used in summary.json, criteria and reports, e.g. {@code ttft} or {@code errors.rate}. */
    public String key() {
        return key;
    }

    /** The name for people, e.g. {@code TTFT from scheduled}. */
    public String label() {
        return label;
    }

    /** One line: how a value is computed (the long form is docs/metrics.md). */
    public String definition() {
        return definition;
    }

    public Scope scope() {
        return scope;
    }

    /** Whether the metric has a value per request (summarised by a percentile or the mean) and can be compared. */
    public boolean perRequest() {
        return scope == Scope.PER_REQUEST || scope == Scope.PER_SESSION;
    }

    /** Whether the metric has a value per agent session (only runs of agent sessions have it). */
    public boolean perSession() {
        return scope == Scope.PER_SESSION;
    }

    /**
     * Whether the metric only means something where an answer reasoned: a comparison shows it, and a criterion judges
     * it, only for a condition with reasoning on either side.
     */
    public boolean reasoningOnly() {
        return this == REASONING_TOKENS || this == ANSWER_TOKENS;
    }

    /** Whether a comparison can estimate it and a criterion judge it. */
    public boolean comparable() {
        return scope != Scope.DISTRIBUTION;
    }

    /** Latencies and failure shares: lower is better. Speeds, goodput and cache hits: higher is better. */
    public boolean lowerIsBetter() {
        return lowerIsBetter;
    }

    /** Whether values are milliseconds (so absolute thresholds may be written as durations). */
    public boolean isLatency() {
        return unit == Unit.MS;
    }

    /** Whether values are shares 0..1 (so thresholds may be written as percentages). */
    public boolean isShare() {
        return unit == Unit.SHARE;
    }

    /** The unit's symbol: {@code ms}, {@code tok/s}, {@code req/s}, or empty for shares and counts. */
    public String unit() {
        return unit.symbol();
    }

    /** The distributions of summary.json's {@code latency_ms} block, in the order written. */
    public static List<Metric> latencyBlock() {
        return Arrays.stream(values()).filter(m -> m.latencyBlock).toList();
    }

    /** The comparable metric named {@code key} (or one of its older names) in a criterion or statistic, or null. */
    public static Metric byKey(String key) {
        String k = key.trim().toLowerCase(Locale.ROOT);
        for (Metric m : values()) {
            if (m.comparable() && (m.key.equals(k) || m.aliases.contains(k))) {
                return m;
            }
        }
        return null;
    }

    /**
     * The note for a criterion that names a metric by an older name ({@code itl} for
     * {@link #ITL_MEAN_PER_REQUEST}), or null when {@code key} is a current name or no metric's.
     */
    public static String aliasNote(String key) {
        String k = key.trim().toLowerCase(Locale.ROOT);
        Metric m = byKey(k);
        if (m == null || !m.aliases.contains(k)) {
            return null;
        }
        return "criteria name '" + k + "', read as '" + m.key + "' (" + m.label + ": " + m.definition + "); in summary.json '"
                + k + "' is the pooled gaps of all requests: write '" + m.key + "' in criteria to say which you mean";
    }

    /** Every comparable key, for messages. */
    /** The keys of {@code metrics}, in the order given. */
    public static List<String> keysOf(Metric... metrics) {
        return Arrays.stream(metrics).map(Metric::key).toList();
    }

    public static String keys() {
        return Arrays.stream(values()).filter(Metric::comparable).map(Metric::key).collect(Collectors.joining(", "));
    }
}
