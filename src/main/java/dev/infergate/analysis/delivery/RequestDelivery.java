package dev.infergate.analysis.delivery;

/**
 * One request's delivery classification and the evidence it rests on.
 *
 * @param kind                  the classification
 * @param reason                the rule that decided it
 * @param ttftShareOfE2e        {@code (first_token - sent) / (done - sent)}: near 1 when nothing came before the end; NaN when undefined
 * @param tokensPerChunk        output tokens per output-carrying event; NaN without events
 * @param maxStallNanos         the largest gap between output events, nanoseconds; -1 with fewer than two events
 * @param tailShare             share of output (events, each weighted equally) that arrived in the last
 *                              {@link DeliveryClassifier#TAIL_WINDOW} of sent → done; NaN when undefined
 * @param firstLumpShare        share of output events that arrived within 1 ms of the first one; NaN
 *                              without event offsets
 * @param lumpTokensPerSecond   output tokens / (last_token - first_token), infinite when they coincide; NaN when undefined
 * @param fromEventOffsets      whether {@link #tailShare} was counted from recorded event offsets (else
 *                              estimated assuming even arrival between first and last token)
 */
public record RequestDelivery(DeliveryKind kind, DeliveryReason reason, double ttftShareOfE2e, double tokensPerChunk,
        long maxStallNanos, double tailShare, double firstLumpShare, double lumpTokensPerSecond,
        boolean fromEventOffsets) {

    public RequestDelivery {
        if (kind == null || reason == null) {
            throw new IllegalArgumentException("kind (" + kind + ") and reason (" + reason + ") must not be null");
        }
    }

    /** Whether this request counts in the endpoint's shares. */
    public boolean classified() {
        return kind != DeliveryKind.UNDETERMINED;
    }
}
