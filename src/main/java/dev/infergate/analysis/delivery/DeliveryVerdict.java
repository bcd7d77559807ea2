package dev.infergate.analysis.delivery;

import dev.infergate.analysis.Distribution;
import dev.infergate.record.ItlCodec;
import dev.infergate.record.RequestRecord;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * An endpoint's delivery verdict from the shares of its requests' classifications
 * ({@link DeliveryClassifier}), with the evidence as medians over the classified requests.
 *
 * <ul>
 *   <li><b>buffered</b> when at least {@value #BUFFERED_SHARE} of the classified requests were buffered: a
 *       typical user waits for the whole answer;
 *   <li><b>bursty</b> when buffered and bursty together make at least {@value #BURSTY_SHARE}: one answer in
 *       five or more arrives in lumps or freezes, which users notice;
 *   <li><b>incremental</b> otherwise; <b>undetermined</b> with no classified request.
 * </ul>
 *
 * Feed measured requests only; not thread-safe.
 */
public final class DeliveryVerdict {
    /** Share of buffered requests from which the endpoint is buffered. */
    public static final double BUFFERED_SHARE = 0.5;
    /** Share of buffered plus bursty requests from which the endpoint is bursty. */
    public static final double BURSTY_SHARE = 0.2;

    private final Map<DeliveryKind, Long> kinds = new EnumMap<>(DeliveryKind.class);
    private final Map<DeliveryReason, Long> reasons = new EnumMap<>(DeliveryReason.class);
    private final Distribution ttft = Distribution.latency();
    private final Distribution e2e = Distribution.latency();
    private final Distribution maxStall = Distribution.latency();
    private final Distribution chunks = Distribution.values();
    private final Distribution tokensPerChunk = Distribution.values();
    private final Distribution effectiveTokensPerSecond = Distribution.values();
    private final ShareMedian ttftShare = new ShareMedian();
    private final ShareMedian tailShare = new ShareMedian();
    private final ShareMedian firstLumpShare = new ShareMedian();
    private long withOffsets;

    /** Classifies {@code r} and counts it; returns its classification. */
    public RequestDelivery add(RequestRecord r) {
        return add(r, ItlCodec.decodeOrNull(r.itlHistogram()));
    }

    /** As {@link #add(RequestRecord)}, with {@code r}'s ITL histogram already decoded (null: none). */
    public RequestDelivery add(RequestRecord r, Histogram itlGaps) {
        RequestDelivery d = DeliveryClassifier.classify(r, itlGaps);
        kinds.merge(d.kind(), 1L, Long::sum);
        if (!d.classified()) {
            return d;
        }
        reasons.merge(d.reason(), 1L, Long::sum);
        ttft.recordNanos(Math.max(0, r.ttftNanos()));
        e2e.recordNanos(Math.max(0, r.e2eNanos()));
        if (r.maxStallNanos() >= 0) {
            maxStall.recordNanos(r.maxStallNanos());
        }
        chunks.recordValue(r.chunks());
        tokensPerChunk.recordValue(d.tokensPerChunk());
        effectiveTokensPerSecond.recordValue(r.effectiveTokensPerSecond());
        ttftShare.add(d.ttftShareOfE2e());
        tailShare.add(d.tailShare());
        firstLumpShare.add(d.firstLumpShare());
        if (d.fromEventOffsets()) {
            withOffsets++;
        }
        return d;
    }

    public long count(DeliveryKind kind) {
        return kinds.getOrDefault(kind, 0L);
    }

    /** Requests that were classified (not undetermined). */
    public long classified() {
        return count(DeliveryKind.INCREMENTAL) + count(DeliveryKind.BURSTY) + count(DeliveryKind.BUFFERED);
    }

    /** Share of classified requests of {@code kind}; 0 when none was classified. */
    public double share(DeliveryKind kind) {
        long n = classified();
        return n == 0 ? 0 : (double) count(kind) / n;
    }

    public DeliveryKind verdict() {
        if (classified() == 0) {
            return DeliveryKind.UNDETERMINED;
        }
        double buffered = share(DeliveryKind.BUFFERED);
        if (buffered >= BUFFERED_SHARE) {
            return DeliveryKind.BUFFERED;
        }
        return buffered + share(DeliveryKind.BURSTY) >= BURSTY_SHARE ? DeliveryKind.BURSTY : DeliveryKind.INCREMENTAL;
    }

    /** The {@code delivery} block of summary.json. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("verdict", verdict().label());
        m.put("share_buffered", round(share(DeliveryKind.BUFFERED)));
        m.put("share_bursty", round(share(DeliveryKind.BURSTY)));
        m.put("share_incremental", round(share(DeliveryKind.INCREMENTAL)));
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("requests_classified", classified());
        ev.put("requests_undetermined", count(DeliveryKind.UNDETERMINED));
        ev.put("requests_with_event_offsets", withOffsets);
        putMedian(ev, "ttft_ms_p50", ttft);
        putMedian(ev, "e2e_ms_p50", e2e);
        ev.put("ttft_share_of_e2e_p50", ttftShare.median());
        putMedian(ev, "chunks_p50", chunks);
        putMedian(ev, "tokens_per_chunk_p50", tokensPerChunk);
        putMedian(ev, "max_stall_ms_p50", maxStall);
        ev.put("tail_share_p50", tailShare.median());
        ev.put("first_lump_share_p50", firstLumpShare.median());
        putMedian(ev, "effective_tokens_per_s_p50", effectiveTokensPerSecond);
        Map<String, Object> why = new LinkedHashMap<>();
        reasons.forEach((k, v) -> why.put(k.label(), v));
        ev.put("reasons", why);
        m.put("evidence", ev);
        return m;
    }

    private static void putMedian(Map<String, Object> m, String key, Distribution d) {
        m.put(key, d.count() == 0 ? null : round(d.valueAt(50)));
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
