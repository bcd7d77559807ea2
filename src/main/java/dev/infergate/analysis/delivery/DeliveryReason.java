package dev.infergate.analysis.delivery;

import java.util.Locale;

/** Which rule classified a request (the first that matched, in the order listed). */
public enum DeliveryReason {
    /** Failed, or fewer than {@link DeliveryClassifier#MIN_OUTPUT_TOKENS} output tokens. */
    TOO_SHORT,
    /** One output event carried the whole answer. */
    SINGLE_EVENT,
    /** Most output events arrived together with the first one (needs event offsets). */
    FIRST_LUMP,
    /** Most output arrived in the last 5 % of sent → done, faster than any decoder produces it. */
    LATE_LUMP,
    /** Events carry many tokens each (a proxy or server re-chunking the stream). */
    COARSE_CHUNKS,
    /** Most gaps between events are below a millisecond: events arrive clustered. */
    CLUSTERED,
    /** One gap between events was long (the stream froze, then resumed). */
    STALL,
    /** None of the above: incremental. */
    NONE;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
