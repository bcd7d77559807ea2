package dev.infergate.sim.engine;

import java.util.List;

/**
 * One engine iteration: what ran and how long the cost model says it took.
 *
 * @param startNanos          when the step began (engine clock)
 * @param endNanos            when its outputs exist: {@code startNanos} + modelled duration
 * @param scheduledSequences  sequences that ran (prefill chunk or one decode token each)
 * @param prefillTokens       prompt (or recomputed) tokens computed
 * @param decodeSequences     sequences that decoded one token
 * @param decodeContextTokens context tokens read by the decoding sequences (the KV-read term)
 * @param emissions           new output tokens, in scheduling order
 */
public record Step(long startNanos, long endNanos, int scheduledSequences, int prefillTokens, int decodeSequences,
        long decodeContextTokens, List<Emission> emissions) {

    public long durationNanos() {
        return endNanos - startNanos;
    }
}
