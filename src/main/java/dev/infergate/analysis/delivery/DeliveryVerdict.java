package dev.infergate.analysis.delivery;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.analysis.Distribution;
import dev.infergate.analysis.LatencyDistribution;
import dev.infergate.analysis.ValueDistribution;
import dev.infergate.record.ItlGaps;
import dev.infergate.record.RequestRecord;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

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
    private final LatencyDistribution ttft = Distribution.latency();
    private final LatencyDistribution e2e = Distribution.latency();
    private final LatencyDistribution maxStall = Distribution.latency();
    private final ValueDistribution chunks = Distribution.values();
    private final ValueDistribution tokensPerChunk = Distribution.values();
    private final ValueDistribution effectiveTokensPerSecond = Distribution.values();
    private final ShareMedian ttftShare = new ShareMedian();
    private final ShareMedian tailShare = new ShareMedian();
    private final ShareMedian firstLumpShare = new ShareMedian();
    private long withOffsets;

    /** Classifies {@code r} and counts it; returns its classification. */
    public RequestDelivery add(RequestRecord r) {
        ItlGaps gaps = new ItlGaps();
        return add(r, gaps.read(r.events().itlHistogram()) ? gaps : null);
    }

    /** As {@link #add(RequestRecord)}, with {@code r}'s ITL histogram already decoded (null: none). */
    public RequestDelivery add(RequestRecord r, ItlGaps itlGaps) {
        RequestDelivery d = DeliveryClassifier.classify(r, itlGaps);
        kinds.merge(d.kind(), 1L, Long::sum);
        if (!d.classified()) {
            return d;
        }
        reasons.merge(d.reason(), 1L, Long::sum);
        ttft.recordNanos(Math.max(0, r.ttftNanos()));
        e2e.recordNanos(Math.max(0, r.e2eNanos()));
        if (r.events().maxStallNanos() >= 0) {
            maxStall.recordNanos(r.events().maxStallNanos());
        }
        chunks.recordValue(r.events().chunks());
        tokensPerChunk.recordValue(d.tokensPerChunk());
        if (d.kind() != DeliveryKind.BUFFERED) { // a lump's speed is the client's read, not the server's: not measurable
            effectiveTokensPerSecond.recordValue(r.effectiveTokensPerSecond());
        }
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
    public Figures figures() {
        Map<String, Long> why = new LinkedHashMap<>();
        reasons.forEach((k, v) -> why.put(k.label(), v));
        Evidence ev = new Evidence(classified(), count(DeliveryKind.UNDETERMINED), withOffsets, median(ttft), median(e2e),
                ttftShare.median(), median(chunks), median(tokensPerChunk), median(maxStall), tailShare.median(),
                firstLumpShare.median(), median(effectiveTokensPerSecond), why);
        return new Figures(verdict().label(), round(share(DeliveryKind.BUFFERED)), round(share(DeliveryKind.BURSTY)),
                round(share(DeliveryKind.INCREMENTAL)), ev);
    }

    private static Double median(Distribution d) {
        return d.count() == 0 ? null : round(d.valueAt(50));
    }

    /**
     * summary.json's {@code delivery} block: the verdict, the shares of classified requests, and the evidence.
     * A run that did not stream has the verdict {@code not_streamed} alone.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Figures(String verdict, Double shareBuffered, Double shareBursty, Double shareIncremental,
            Evidence evidence) {
        /** The block of a run without streaming: there is nothing to judge. */
        public static Figures notStreamed() {
            return new Figures("not_streamed", null, null, null, null);
        }
    }

    /**
     * Medians over the classified requests (null: none had the figure), and the count of each reason.
     *
     * @param ttftShareOfE2eP50 TTFT as a share of E2E: near 1 when the answer came in one lump
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Evidence(long requestsClassified, long requestsUndetermined, long requestsWithEventOffsets,
            Double ttftMsP50, Double e2eMsP50, Double ttftShareOfE2eP50, Double chunksP50, Double tokensPerChunkP50,
            Double maxStallMsP50, Double tailShareP50, Double firstLumpShareP50,
            @JsonProperty("effective_tokens_per_s_p50") Double effectiveTokensPerSP50,
            Map<String, Long> reasons) {}

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
