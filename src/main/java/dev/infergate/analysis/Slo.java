package dev.infergate.analysis;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.config.Durations;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunDocument;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Service-level objectives for goodput: a request is good when it completed and met every target set.
 *
 * <p>TTFT and E2E are judged from the <b>scheduled</b> time, not the sent time, so a request that waited
 * in the client (max concurrency reached, or the client fell behind) cannot look good: that is what the
 * user waited. TPOT is judged per request as {@link RequestRecord#tpotNanos()}; a request with one output
 * token has no TPOT, and the TPOT target does not apply to it; nor to an answer that came in one lump (buffered,
 * docs/metrics.md "Streaming delivery"): its TPOT is not measurable, and its TTFT (the wait for the lump) and E2E
 * decide whether it met the SLO.
 *
 * @param ttft target for time to first token, or null
 * @param tpot target for time per output token, or null
 * @param e2e  target for end-to-end latency, or null
 */
public record Slo(Duration ttft, Duration tpot, Duration e2e) {
    public static final Slo NONE = new Slo(null, null, null);

    public Slo {
        for (Duration d : new Duration[] {ttft, tpot, e2e}) {
            if (d != null && (d.isNegative() || d.isZero())) {
                throw new IllegalArgumentException("SLO target (" + d + ") must be > 0");
            }
        }
    }

    /** Parses {@code ttft=500ms,tpot=50ms,e2e=20s}; any subset, any order. */
    public static Slo parse(String text) {
        Duration ttft = null;
        Duration tpot = null;
        Duration e2e = null;
        if (text == null || text.isBlank()) {
            return NONE;
        }
        for (String part : text.split(",")) {
            String[] kv = part.trim().split("=", 2);
            if (kv.length != 2) {
                throw new IllegalArgumentException("SLO part '" + part.trim() + "' must be name=duration, e.g. ttft=500ms");
            }
            Duration d = Durations.parse(kv[1].trim());
            Metric metric = Metric.byKey(kv[0].trim().toLowerCase());
            if (metric == Metric.TTFT) {
                ttft = d;
            } else if (metric == Metric.TPOT) {
                tpot = d;
            } else if (metric == Metric.E2E) {
                e2e = d;
            } else {
                throw new IllegalArgumentException(
                        "unknown SLO '" + kv[0].trim() + "'; use ttft, tpot or e2e, e.g. ttft=500ms,tpot=50ms,e2e=20s");
            }
        }
        return new Slo(ttft, tpot, e2e);
    }

    /**
     * The targets that apply to a run whose API generates output ({@code generates}) or not (embeddings): without
     * output tokens there is no TTFT or TPOT, so only the E2E target applies; judged anyway, every request would miss.
     */
    public Slo applicable(boolean generates) {
        return generates ? this : new Slo(null, null, e2e);
    }

    /** Whether the run's API (run.json's {@code api}) generates output tokens: every API but embeddings, rerank, score. */
    public static boolean generates(Object api) {
        return api == null || !dev.infergate.record.RunDocument.NON_GENERATING_APIS.contains(api);
    }

    /** The targets as {@link #parse} reads them, e.g. "ttft=2s,tpot=25ms"; "none" when empty. */
    public String text() {
        java.util.List<String> parts = new java.util.ArrayList<>();
        if (ttft != null) {
            parts.add(Metric.TTFT.key() + "=" + Durations.format(ttft));
        }
        if (tpot != null) {
            parts.add(Metric.TPOT.key() + "=" + Durations.format(tpot));
        }
        if (e2e != null) {
            parts.add(Metric.E2E.key() + "=" + Durations.format(e2e));
        }
        return parts.isEmpty() ? "none" : String.join(",", parts);
    }

    public boolean isEmpty() {
        return ttft == null && tpot == null && e2e == null;
    }

    /** Whether {@code r} completed and met every target set. */
    public boolean met(RequestRecord r) {
        if (!r.succeeded()) {
            return false;
        }
        if (ttft != null && (r.ttftFromScheduledNanos() == RequestRecord.ABSENT
                || r.ttftFromScheduledNanos() > ttft.toNanos())) {
            return false;
        }
        if (tpotMissed(r)) {
            return false;
        }
        return e2e == null || r.e2eFromScheduledNanos() <= e2e.toNanos();
    }

    /**
     * These targets but TPOT's: a request that misses them waited (a first token or an answer later than its target from
     * the schedule) or failed, which a backlog explains; what is left out is the decode batch's pace, which swells and
     * drains with the arrivals.
     */
    public Slo withoutTpot() {
        return tpot == null ? this : new Slo(ttft, null, e2e);
    }

    /** Whether the TPOT target applies to {@code r} (it has a TPOT and did not come in one lump) and it missed it. */
    private boolean tpotMissed(RequestRecord r) {
        double tpotNanos = r.tpotNanos();
        return tpot != null && !Double.isNaN(tpotNanos) && tpotNanos > tpot.toNanos() && !buffered(r);
    }

    /**
     * By how much time {@code r} missed the SLO, nanoseconds: 0 when it met it, +inf when it failed or has no TTFT
     * to judge; else the largest overshoot of a target it missed, TPOT's counted over its decode time (TPOT times
     * the output tokens after the first), since that is the time a late timeline can have added to it. A request
     * whose time was stretched by at most this much by a late client or server may have met the SLO on a prompt
     * one: what bounds a probe's attainment in a capacity search (docs/acceptance.md).
     */
    public double missedByNanos(RequestRecord r) {
        if (met(r)) {
            return 0;
        }
        if (!r.succeeded() || (ttft != null && r.ttftFromScheduledNanos() == RequestRecord.ABSENT)) {
            return Double.POSITIVE_INFINITY;
        }
        double over = 0;
        if (ttft != null) {
            over = Math.max(over, r.ttftFromScheduledNanos() - ttft.toNanos());
        }
        if (tpotMissed(r)) {
            over = Math.max(over, (r.tpotNanos() - tpot.toNanos()) * Math.max(1, r.tokens().output() - 1));
        }
        if (e2e != null) {
            over = Math.max(over, r.e2eFromScheduledNanos() - e2e.toNanos());
        }
        return over;
    }

    /**
     * The largest share of a target {@code r} used, 1 at the limit: its first-token wait ({@code waitNanos}, the caller's
     * measure of it) over the TTFT target, its TPOT over the TPOT target where that applies, its E2E from the schedule over
     * the E2E target; at least 2 for a request that failed (it missed, by however much). {@code waitNanos} alone when no
     * target is set. What a capacity probe's effective trials are counted on (docs/acceptance.md, "Capacity at the SLO"):
     * whatever decides whether requests meet the SLO, a queue's waits or a decode batch's TPOT.
     */
    public double shareUsed(RequestRecord r, double waitNanos) {
        if (isEmpty()) {
            return waitNanos;
        }
        double share = ttft == null ? 0 : waitNanos / ttft.toNanos();
        if (!r.succeeded()) {
            return Math.max(2, share);
        }
        double tpotNanos = r.tpotNanos();
        if (tpot != null && !Double.isNaN(tpotNanos) && !(tpotNanos > tpot.toNanos() && buffered(r))) {
            share = Math.max(share, tpotNanos / tpot.toNanos());
        }
        if (e2e != null) {
            share = Math.max(share, (double) r.e2eFromScheduledNanos() / e2e.toNanos());
        }
        return share;
    }

    /** Whether {@code r} came in one lump: classified only when a TPOT target could miss it (classifying costs a decode). */
    private static boolean buffered(RequestRecord r) {
        return dev.infergate.analysis.delivery.DeliveryClassifier.classify(r).kind()
                == dev.infergate.analysis.delivery.DeliveryKind.BUFFERED;
    }

    /**
     * The targets in milliseconds, as summary.json, run.json and acceptance.json write them (null: no target).
     *
     * @param ttftMs TTFT from scheduled
     * @param tpotMs TPOT
     * @param e2eMs  E2E from scheduled
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Targets(Double ttftMs, Double tpotMs, Double e2eMs) {
        /** Each target set, by the metric it bounds, in this order. */
        public Map<Metric, Double> byMetric() {
            Map<Metric, Double> m = new LinkedHashMap<>();
            if (ttftMs != null) {
                m.put(Metric.TTFT, ttftMs);
            }
            if (tpotMs != null) {
                m.put(Metric.TPOT, tpotMs);
            }
            if (e2eMs != null) {
                m.put(Metric.E2E, e2eMs);
            }
            return m;
        }
    }

    /** The targets in milliseconds. */
    public Targets targets() {
        return new Targets(millis(ttft), millis(tpot), millis(e2e));
    }

    private static Double millis(Duration d) {
        return d == null ? null : d.toNanos() / 1e6;
    }

    /** The targets run.json recorded ({@code slo}, milliseconds); {@link #NONE} when it recorded none. */
    public static Slo of(RunDocument.SloTargets targets) {
        if (targets == null) {
            return NONE;
        }
        return new Slo(fromMillis(targets.ttftMs()), fromMillis(targets.tpotMs()), fromMillis(targets.e2eMs()));
    }

    private static Duration fromMillis(Double ms) {
        return ms == null ? null : Duration.ofNanos(Math.round(ms * 1e6));
    }
}
