package dev.infergate.analysis;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Accumulates the figures of METRICS.md over a set of <b>measured</b> requests (warm-up excluded by the
 * caller). Failed requests stay in every denominator: {@code sent} counts them, attainment divides by
 * {@code sent}, and the throughput window spans them.
 *
 * <p>The measured window runs from the earliest scheduled time to the latest end among the requests, so
 * throughput is what the load offered and the server finished over the same span.
 */
public final class Figures {
    private final Slo slo;
    private long sent;
    private long completed;
    private long good;
    private final Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
    final Distribution ttft = Distribution.latency();
    final Distribution ttftFromScheduled = Distribution.latency();
    final Distribution itl = Distribution.latency();
    final Distribution tpot = Distribution.latency();
    final Distribution e2e = Distribution.latency();
    final Distribution e2eFromScheduled = Distribution.latency();
    final Distribution queueWait = Distribution.latency();
    final Distribution effectiveTokensPerSecond = Distribution.values();
    final Distribution chunks = Distribution.values();
    final Distribution maxStall = Distribution.latency();
    private long inputTokens;
    private long outputTokens;
    private long cachedTokens;
    private long inputTokensWhereCacheReported;
    private long withCachedTokens;
    private long warmRequests;
    private long usageCounted;
    private long clientCounted;
    private long windowStartNanos = Long.MAX_VALUE;
    private long windowEndNanos = Long.MIN_VALUE;

    public Figures(Slo slo) {
        this.slo = slo == null ? Slo.NONE : slo;
    }

    /** Adds {@code r} whose ITL histogram the caller has already decoded ({@code itlGaps}, null: none). */
    public void add(RequestRecord r, Histogram itlGaps) {
        sent++;
        windowStartNanos = Math.min(windowStartNanos, r.scheduledNanos());
        long end = Math.max(r.doneNanos(), r.scheduledNanos());
        windowEndNanos = Math.max(windowEndNanos, end);
        if (r.sentNanos() != RequestRecord.ABSENT) {
            queueWait.recordNanos(Math.max(0, r.queueWaitNanos()));
        }
        if (!r.succeeded()) {
            errors.merge(r.error(), 1L, Long::sum);
            return;
        }
        completed++;
        if (slo.met(r)) {
            good++;
        }
        recordIfPresent(ttft, r.ttftNanos());
        recordIfPresent(ttftFromScheduled, r.ttftFromScheduledNanos());
        recordIfPresent(e2e, r.e2eNanos());
        recordIfPresent(e2eFromScheduled, r.e2eFromScheduledNanos());
        recordIfPresent(maxStall, r.maxStallNanos());
        if (!Double.isNaN(r.tpotNanos())) {
            tpot.recordNanos(Math.round(r.tpotNanos()));
        }
        effectiveTokensPerSecond.recordValue(r.effectiveTokensPerSecond());
        chunks.recordValue(r.chunks());
        if (itlGaps != null) {
            itl.addMicros(itlGaps);
        }
        if (r.inputTokens() > 0) {
            inputTokens += r.inputTokens();
        }
        outputTokens += r.outputTokens();
        if (r.outputTokensSource() == TokenSource.USAGE) {
            usageCounted++;
        } else if (r.outputTokensSource() == TokenSource.CLIENT) {
            clientCounted++;
        }
        if (r.cachedTokens() >= 0) {
            cachedTokens += r.cachedTokens();
            inputTokensWhereCacheReported += Math.max(0, r.inputTokens());
            if (r.cachedTokens() > 0) {
                withCachedTokens++;
            }
            if (r.warmCache()) {
                warmRequests++;
            }
        }
    }

    private static void recordIfPresent(Distribution d, long nanos) {
        if (nanos != RequestRecord.ABSENT) {
            d.recordNanos(Math.max(0, nanos));
        }
    }

    public long sent() {
        return sent;
    }

    public long completed() {
        return completed;
    }

    public long failed() {
        return sent - completed;
    }

    public long good() {
        return good;
    }

    /** Start of the measured window (earliest scheduled mark), ns from the run origin; 0 when empty. */
    public long windowStartNanos() {
        return sent == 0 ? 0 : windowStartNanos;
    }

    /** End of the measured window (latest end), ns from the run origin; 0 when empty. */
    public long windowEndNanos() {
        return sent == 0 ? 0 : windowEndNanos;
    }

    /** The measured window in seconds; 0 when empty. */
    public double windowSeconds() {
        return sent == 0 ? 0 : Math.max(0, windowEndNanos - windowStartNanos) / 1e9;
    }

    private double perSecond(double amount) {
        double w = windowSeconds();
        return w <= 0 ? 0 : Distribution.round(amount / w);
    }

    /**
     * The latency distribution named as in summary.json's {@code latency_ms} block ({@code ttft},
     * {@code ttft_from_scheduled}, {@code itl}, {@code tpot}, {@code e2e}, {@code e2e_from_scheduled},
     * {@code queue_wait}, {@code max_stall}).
     *
     * @throws IllegalArgumentException for any other name
     */
    public Distribution latency(String name) {
        return switch (name) {
            case "ttft" -> ttft;
            case "ttft_from_scheduled" -> ttftFromScheduled;
            case "itl" -> itl;
            case "tpot" -> tpot;
            case "e2e" -> e2e;
            case "e2e_from_scheduled" -> e2eFromScheduled;
            case "queue_wait" -> queueWait;
            case "max_stall" -> maxStall;
            default -> throw new IllegalArgumentException("unknown latency distribution '" + name + "'");
        };
    }

    /** The latency block of summary.json, in milliseconds. */
    public Map<String, Object> latencyMillis() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ttft", ttft.toMap());
        m.put("ttft_from_scheduled", ttftFromScheduled.toMap());
        m.put("itl", itl.toMap());
        m.put("tpot", tpot.toMap());
        m.put("e2e", e2e.toMap());
        m.put("e2e_from_scheduled", e2eFromScheduled.toMap());
        m.put("queue_wait", queueWait.toMap());
        m.put("max_stall", maxStall.toMap());
        return m;
    }

    /** Every figure for this set, as the body of summary.json (without the run block). */
    public Map<String, Object> toMap(long warmup) {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> requests = new LinkedHashMap<>();
        requests.put("sent", sent);
        requests.put("completed", completed);
        requests.put("failed", failed());
        requests.put("warmup", warmup);
        m.put("requests", requests);
        Map<String, Object> errorMap = new LinkedHashMap<>();
        errors.forEach((k, v) -> errorMap.put(k.key(), v));
        m.put("errors", errorMap);
        m.put("error_rate", sent == 0 ? 0.0 : Distribution.round((double) failed() / sent * 1e3) / 1e3);
        m.put("latency_ms", latencyMillis());
        m.put("effective_tokens_per_s", effectiveTokensPerSecond.toMap());
        m.put("chunks_per_request", chunks.toMap());
        Map<String, Object> throughput = new LinkedHashMap<>();
        throughput.put("window_s", Distribution.round(windowSeconds()));
        throughput.put("requests_per_s", perSecond(completed));
        throughput.put("output_tokens_per_s", perSecond(outputTokens));
        throughput.put("input_tokens_per_s", perSecond(inputTokens));
        m.put("throughput", throughput);
        Map<String, Object> goodput = new LinkedHashMap<>();
        goodput.put("slo", slo.toMap());
        goodput.put("requests_per_s", perSecond(good));
        goodput.put("attainment", sent == 0 ? 0.0 : Math.round((double) good / sent * 1e4) / 1e4);
        m.put("goodput", goodput);
        Map<String, Object> tokens = new LinkedHashMap<>();
        tokens.put("input_total", inputTokens);
        tokens.put("output_total", outputTokens);
        tokens.put("output_source", usageCounted > 0 && clientCounted > 0 ? "mixed" : clientCounted > 0 ? "client" : "usage");
        m.put("tokens", tokens);
        Map<String, Object> cache = new LinkedHashMap<>();
        cache.put("requests_with_cached_tokens", withCachedTokens);
        cache.put("cached_token_ratio", inputTokensWhereCacheReported == 0 ? null
                : Math.round((double) cachedTokens / inputTokensWhereCacheReported * 1e4) / 1e4);
        cache.put("warm_cached_share", RequestRecord.WARM_CACHED_SHARE);
        cache.put("warm_requests", warmRequests);
        cache.put("warm_request_share", completed == 0 ? null : Math.round((double) warmRequests / completed * 1e4) / 1e4);
        cache.put("reported_by_server", inputTokensWhereCacheReported > 0 || withCachedTokens > 0);
        m.put("cache", cache);
        return m;
    }
}
