package dev.infergate.analysis;

import dev.infergate.analysis.delivery.DeliveryClassifier;
import dev.infergate.analysis.delivery.DeliveryKind;
import dev.infergate.record.ItlGaps;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Accumulates the figures of METRICS.md over a set of <b>measured</b> requests (warm-up excluded by the
 * caller). Failed requests stay in every denominator: {@code sent} counts them, attainment divides by
 * {@code sent}, and the throughput window spans them. Requests the client cancelled on purpose (user
 * cancellations) count apart: their TTFT, ITL and stalls are real and recorded; E2E, TPOT, tokens and throughput
 * leave them out, and so do the error rate's and attainment's denominators (docs/metrics.md, "Cancellations").
 *
 * <p>The measured window runs from the earliest scheduled time to the latest end among the requests, so
 * throughput is what the load offered and the server finished over the same span.
 */
public final class Figures {
    private final Slo slo;
    private long sent;
    private long completed;
    private long good;
    private long cancelled;
    private long buffered;
    private final Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
    private final Map<Metric, LatencyDistribution> latency = new EnumMap<>(Metric.class);
    private final ValueDistribution effectiveTokensPerSecond = Distribution.values();
    private final ValueDistribution chunks = Distribution.values();
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
        for (Metric m : Metric.latencyBlock()) {
            latency.put(m, Distribution.latency());
        }
    }

    /** Adds {@code r} whose ITL histogram the caller has already decoded ({@code itlGaps}, null: none). */
    public void add(RequestRecord r, ItlGaps itlGaps) {
        sent++;
        windowStartNanos = Math.min(windowStartNanos, r.marks().scheduledNanos());
        long end = Math.max(r.marks().doneNanos(), r.marks().scheduledNanos());
        windowEndNanos = Math.max(windowEndNanos, end);
        if (r.marks().sentNanos() != RequestRecord.ABSENT) {
            latency.get(Metric.QUEUE_WAIT).recordNanos(Math.max(0, r.queueWaitNanos()));
        }
        if (r.cancelled()) {
            cancelled++;
            recordReceivedPart(r, itlGaps);
            return;
        }
        if (!r.succeeded()) {
            errors.merge(r.outcome().error(), 1L, Long::sum);
            return;
        }
        completed++;
        if (slo.met(r)) {
            good++;
        }
        recordIfPresent(Metric.TTFT, r.ttftNanos());
        recordIfPresent(Metric.TTFT_FROM_SCHEDULED, r.ttftFromScheduledNanos());
        recordIfPresent(Metric.E2E, r.e2eNanos());
        recordIfPresent(Metric.E2E_FROM_SCHEDULED, r.e2eFromScheduledNanos());
        recordIfPresent(Metric.MAX_STALL, r.events().maxStallNanos());
        chunks.recordValue(r.events().chunks());
        if (DeliveryClassifier.classify(r, itlGaps).kind() == DeliveryKind.BUFFERED) {
            buffered++; // its gaps are the client's reads of one lump: TPOT, ITL and effective tok/s not measurable
        } else {
            if (!Double.isNaN(r.tpotNanos())) {
                latency.get(Metric.TPOT).recordNanos(Math.round(r.tpotNanos()));
            }
            effectiveTokensPerSecond.recordValue(r.effectiveTokensPerSecond());
            if (itlGaps != null) {
                latency.get(Metric.ITL).addMicros(itlGaps);
            }
        }
        if (r.tokens().input() > 0) {
            inputTokens += r.tokens().input();
        }
        outputTokens += r.tokens().output();
        if (r.tokens().outputSource() == TokenSource.USAGE) {
            usageCounted++;
        } else if (r.tokens().outputSource() == TokenSource.CLIENT) {
            clientCounted++;
        }
        if (r.tokens().cached() >= 0) {
            cachedTokens += r.tokens().cached();
            inputTokensWhereCacheReported += Math.max(0, r.tokens().input());
            if (r.tokens().cached() > 0) {
                withCachedTokens++;
            }
            if (r.warmCache()) {
                warmRequests++;
            }
        }
    }

    /** What a cancelled request received before the client closed it: its first token and the gaps until then. */
    private void recordReceivedPart(RequestRecord r, ItlGaps itlGaps) {
        recordIfPresent(Metric.TTFT, r.ttftNanos());
        recordIfPresent(Metric.TTFT_FROM_SCHEDULED, r.ttftFromScheduledNanos());
        recordIfPresent(Metric.MAX_STALL, r.events().maxStallNanos());
        if (itlGaps != null) {
            latency.get(Metric.ITL).addMicros(itlGaps);
        }
    }

    private void recordIfPresent(Metric metric, long nanos) {
        if (nanos != RequestRecord.ABSENT) {
            latency.get(metric).recordNanos(Math.max(0, nanos));
        }
    }

    public long sent() {
        return sent;
    }

    public long completed() {
        return completed;
    }

    /** Failed requests: sent, less completed and cancelled by the client. */
    public long failed() {
        return sent - completed - cancelled;
    }

    /** Requests the client closed on purpose (user cancellations). */
    public long cancelled() {
        return cancelled;
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
     * The latency distribution of a {@link Metric#latencyBlock()} metric (summary.json's {@code latency_ms}).
     *
     * @throws IllegalArgumentException for any other metric
     */
    public LatencyDistribution latency(Metric metric) {
        LatencyDistribution d = latency.get(metric);
        if (d == null) {
            throw new IllegalArgumentException(metric.key() + " is not a latency distribution of the summary");
        }
        return d;
    }

    /** The latency block of summary.json, in milliseconds. */
    public LatencyFigures latencyMillis() {
        Map<Metric, Percentiles> m = new EnumMap<>(Metric.class);
        latency.forEach((k, v) -> m.put(k, v.percentiles()));
        return new LatencyFigures(m);
    }

    /** Every figure for this set, as the body of summary.json (without the run block). */
    public FigureSet figures(long warmup) {
        return figures(warmup, 0);
    }

    /** As {@link #figures(long)}, with {@code cooldown} cool-down requests excluded too (a run that kept its load on). */
    public FigureSet figures(long warmup, long cooldown) {
        Map<String, Long> errorCounts = new LinkedHashMap<>();
        errors.forEach((k, v) -> errorCounts.put(k.key(), v));
        FigureSet.Throughput throughput = new FigureSet.Throughput(Distribution.round(windowSeconds()), perSecond(completed),
                perSecond(outputTokens), perSecond(inputTokens));
        long counted = sent - cancelled; // a user's cancellation is neither the server's miss nor its failure
        FigureSet.Goodput goodput = new FigureSet.Goodput(slo.targets(), perSecond(good),
                counted == 0 ? 0.0 : Math.round((double) good / counted * 1e4) / 1e4);
        FigureSet.Tokens tokens = new FigureSet.Tokens(inputTokens, outputTokens,
                usageCounted > 0 && clientCounted > 0 ? "mixed" : clientCounted > 0 ? "client" : "usage");
        FigureSet.Cache cache = new FigureSet.Cache(withCachedTokens, inputTokensWhereCacheReported == 0 ? null
                : Math.round((double) cachedTokens / inputTokensWhereCacheReported * 1e4) / 1e4, RequestRecord.WARM_CACHED_SHARE,
                warmRequests, completed == 0 ? null : Math.round((double) warmRequests / completed * 1e4) / 1e4,
                inputTokensWhereCacheReported > 0 || withCachedTokens > 0);
        FigureSet.Requests requests = new FigureSet.Requests(sent, completed, failed(), warmup, cancelled,
                cancelled == 0 ? null : Math.round((double) cancelled / sent * 1e4) / 1e4, buffered, cooldown);
        return new FigureSet(requests, errorCounts,
                counted == 0 ? 0.0 : Distribution.round((double) failed() / counted * 1e3) / 1e3, latencyMillis(),
                effectiveTokensPerSecond.percentiles(), chunks.percentiles(), throughput, goodput, tokens, cache);
    }
}
