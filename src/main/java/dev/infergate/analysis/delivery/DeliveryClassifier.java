package dev.infergate.analysis.delivery;

import dev.infergate.record.ItlGaps;
import dev.infergate.record.RequestRecord;

/**
 * Classifies one request's delivery from its record alone (a pure function): buffered, bursty or
 * incremental, with the evidence. The rules and why each threshold sits where it does are in
 * docs/metrics.md, "Streaming delivery"; the first matching rule wins:
 *
 * <ol>
 *   <li>failed, or fewer than {@value #MIN_OUTPUT_TOKENS} output tokens: undetermined;
 *   <li>one output event carried {@value #MIN_OUTPUT_TOKENS} or more tokens: buffered ({@link DeliveryReason#SINGLE_EVENT});
 *   <li>with event offsets, at least {@value #FIRST_LUMP_SHARE} of the events arrived within
 *       {@value #LUMP_GAP_MICROS} µs of the first: buffered ({@link DeliveryReason#FIRST_LUMP});
 *   <li>at least {@value #LATE_SHARE} of the output arrived in the last {@value #TAIL_WINDOW} of
 *       sent → done, and first → last token ran at {@value #LUMP_TOKENS_PER_SECOND} tok/s or faster:
 *       buffered ({@link DeliveryReason#LATE_LUMP});
 *   <li>{@value #COARSE_TOKENS_PER_CHUNK} or more tokens per event: bursty ({@link DeliveryReason#COARSE_CHUNKS});
 *   <li>at least {@value #MIN_GAPS} gaps and {@value #CLUSTERED_SHARE} of them below
 *       {@value #LUMP_GAP_MICROS} µs: bursty ({@link DeliveryReason#CLUSTERED});
 *   <li>a gap of {@value #STALL_MILLIS} ms or more that is also {@value #STALL_TIMES_MEDIAN} times the
 *       median gap: bursty ({@link DeliveryReason#STALL});
 *   <li>else incremental.
 * </ol>
 */
public final class DeliveryClassifier {
    /** Below this many output tokens a response arrives in one lump whatever the server does. */
    public static final int MIN_OUTPUT_TOKENS = 8;
    /** The end window, as a share of sent → done. */
    public static final double TAIL_WINDOW = 0.05;
    /** Share of the output in the end window (or with the first event) that makes a lump. */
    public static final double LATE_SHARE = 0.8;
    /** Share of events arriving with the first one that makes a first-event lump. */
    public static final double FIRST_LUMP_SHARE = 0.5;
    /** Faster than any decoder streams one request (a few hundred tok/s; speculative decoding ~1,000). */
    public static final double LUMP_TOKENS_PER_SECOND = 2_000;
    /** Events this close together arrived together (same read or same flush), microseconds. */
    public static final long LUMP_GAP_MICROS = 1_000;
    /** Tokens per event from which a stream is re-chunked (servers send 1, at most a few). */
    public static final double COARSE_TOKENS_PER_CHUNK = 8;
    /** Gaps needed before their shape says anything. */
    public static final int MIN_GAPS = 8;
    /** Share of sub-millisecond gaps that makes a stream clustered. */
    public static final double CLUSTERED_SHARE = 0.5;
    /** A freeze a reader notices, milliseconds. */
    public static final long STALL_MILLIS = 1_000;
    /** ... and that is not just a slow decoder's usual pace. */
    public static final double STALL_TIMES_MEDIAN = 20;

    private static final long ABSENT = RequestRecord.ABSENT;

    private DeliveryClassifier() {}

    /** Classifies {@code r}; never throws for a well-formed record. */
    public static RequestDelivery classify(RequestRecord r) {
        ItlGaps gaps = new ItlGaps();
        return classify(r, gaps.read(r.events().itlHistogram()) ? gaps : null);
    }

    /** Classifies {@code r}, whose ITL histogram the caller has decoded ({@code gaps}, null: none). */
    public static RequestDelivery classify(RequestRecord r, ItlGaps gaps) {
        long sent = r.marks().sentNanos();
        long first = r.marks().firstTokenNanos();
        long last = r.marks().lastTokenNanos();
        long done = r.marks().doneNanos();
        long[] offsets = r.events().eventOffsetsNanos();
        boolean withOffsets = offsets != null && offsets.length > 0;
        double ttftShare = sent == ABSENT || first == ABSENT || done <= sent ? Double.NaN
                : (double) (first - sent) / (done - sent);
        double tail = tailShare(sent, first, last, done, offsets);
        double firstLump = withOffsets ? firstLumpShare(offsets) : Double.NaN;
        double lumpRate = first == ABSENT || last == ABSENT || r.tokens().output() < 1 ? Double.NaN
                : last <= first ? Double.POSITIVE_INFINITY : r.tokens().output() / ((last - first) / 1e9);
        Evidence e = new Evidence(ttftShare, r.tokensPerChunk(), r.events().maxStallNanos(), tail, firstLump, lumpRate, withOffsets);
        if (!r.succeeded() || r.tokens().output() < MIN_OUTPUT_TOKENS || r.events().chunks() < 1 || first == ABSENT) {
            return e.as(DeliveryKind.UNDETERMINED, DeliveryReason.TOO_SHORT);
        }
        if (r.events().chunks() == 1) {
            return e.as(DeliveryKind.BUFFERED, DeliveryReason.SINGLE_EVENT);
        }
        if (withOffsets && firstLump >= FIRST_LUMP_SHARE) {
            return e.as(DeliveryKind.BUFFERED, DeliveryReason.FIRST_LUMP);
        }
        if (tail >= LATE_SHARE && lumpRate >= LUMP_TOKENS_PER_SECOND) {
            return e.as(DeliveryKind.BUFFERED, DeliveryReason.LATE_LUMP);
        }
        if (r.tokensPerChunk() >= COARSE_TOKENS_PER_CHUNK) {
            return e.as(DeliveryKind.BURSTY, DeliveryReason.COARSE_CHUNKS);
        }
        if (gaps != null && gaps.totalCount() >= MIN_GAPS
                && (double) gaps.countBelow(LUMP_GAP_MICROS) / gaps.totalCount() >= CLUSTERED_SHARE) {
            return e.as(DeliveryKind.BURSTY, DeliveryReason.CLUSTERED);
        }
        if (r.events().maxStallNanos() >= STALL_MILLIS * 1_000_000L && gaps != null
                && r.events().maxStallNanos() / 1e3 >= STALL_TIMES_MEDIAN * gaps.toHistogram().getValueAtPercentile(50)) {
            return e.as(DeliveryKind.BURSTY, DeliveryReason.STALL);
        }
        return e.as(DeliveryKind.INCREMENTAL, DeliveryReason.NONE);
    }

    /**
     * Share of output events in the last {@link #TAIL_WINDOW} of sent → done: counted from the offsets when
     * recorded, else estimated assuming the events were spread evenly between first and last token.
     */
    static double tailShare(long sent, long first, long last, long done, long[] offsets) {
        if (sent == ABSENT || done == ABSENT || first == ABSENT || last == ABSENT || done <= sent) {
            return Double.NaN;
        }
        double cutoff = (1 - TAIL_WINDOW) * (done - sent); // relative to sent
        if (offsets != null && offsets.length > 0) {
            long late = 0;
            for (long o : offsets) {
                if (o >= cutoff) {
                    late++;
                }
            }
            return (double) late / offsets.length;
        }
        double f = first - sent;
        double l = last - sent;
        if (f >= cutoff) {
            return 1.0;
        }
        return l <= cutoff ? 0.0 : (l - cutoff) / (l - f);
    }

    /** Share of events that arrived within {@link #LUMP_GAP_MICROS} of the first one. */
    static double firstLumpShare(long[] offsets) {
        long limit = offsets[0] + LUMP_GAP_MICROS * 1_000L;
        int together = 0;
        for (long o : offsets) {
            if (o <= limit) {
                together++;
            }
        }
        return (double) together / offsets.length;
    }

    private record Evidence(double ttftShare, double tokensPerChunk, long maxStallNanos, double tail, double firstLump,
            double lumpRate, boolean withOffsets) {
        RequestDelivery as(DeliveryKind kind, DeliveryReason reason) {
            return new RequestDelivery(kind, reason, ttftShare, tokensPerChunk, maxStallNanos, tail, firstLump, lumpRate,
                    withOffsets);
        }
    }
}
