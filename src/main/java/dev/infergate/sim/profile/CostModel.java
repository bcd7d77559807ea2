package dev.infergate.sim.profile;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How long one engine step takes, in microseconds of modelled GPU time:
 *
 * <pre>
 * step_us = step_overhead_us
 *         + prefill_us_per_token   * prefill tokens in the step
 *         + decode_us_per_seq      * decoding sequences in the step
 *         + kv_read_us_per_1k_tokens * (context tokens of the decoding sequences) / 1000
 * </pre>
 *
 * <p>Apart from the step, {@code output_us_per_token} models the server's output stage (detokenizing and
 * writing each streamed token, in a serving engine's API process): after a step the tokens leave one at a
 * time, each that much after the one before, while the next step already runs. 0 (the default) sends a
 * step's tokens all at its end, which no real server can do for a large batch.
 *
 * <p>The last term is the KV read: each decode step reads the whole context of every decoding sequence, so
 * long conversations and large batches make every step slower. It is simple arithmetic on counts the
 * scheduler already has; nothing in the simulator touches every token of the context per step.
 *
 * @param stepOverheadUs        fixed cost of every step (kernel launches, sampling, scheduling)
 * @param prefillUsPerToken     cost of computing one prompt token (also recomputed tokens after preemption)
 * @param decodeUsPerSeq        cost of one decoding sequence in the batch (weights are shared, so small)
 * @param kvReadUsPer1kTokens   cost of reading 1,000 tokens of KV cache during decode
 * @param outputUsPerToken      the output stage's cost per streamed token (optional, default 0)
 */
public record CostModel(
        @JsonProperty(value = "step_overhead_us", required = true) double stepOverheadUs,
        @JsonProperty(value = "prefill_us_per_token", required = true) double prefillUsPerToken,
        @JsonProperty(value = "decode_us_per_seq", required = true) double decodeUsPerSeq,
        @JsonProperty(value = "kv_read_us_per_1k_tokens", required = true) double kvReadUsPer1kTokens,
        @JsonProperty("output_us_per_token") double outputUsPerToken) {

    public CostModel {
        nonNegative("cost.step_overhead_us", stepOverheadUs);
        nonNegative("cost.prefill_us_per_token", prefillUsPerToken);
        nonNegative("cost.decode_us_per_seq", decodeUsPerSeq);
        nonNegative("cost.kv_read_us_per_1k_tokens", kvReadUsPer1kTokens);
        nonNegative("cost.output_us_per_token", outputUsPerToken);
        if (stepOverheadUs + prefillUsPerToken + decodeUsPerSeq <= 0) {
            throw new IllegalArgumentException("cost: step_overhead_us, prefill_us_per_token and decode_us_per_seq"
                    + " are all 0; a step must take some time");
        }
    }

    /** Modelled duration of a step, in nanoseconds (at least 1). */
    public long stepNanos(int prefillTokens, int decodeSeqs, long decodeContextTokens) {
        double us = stepOverheadUs
                + prefillUsPerToken * prefillTokens
                + decodeUsPerSeq * decodeSeqs
                + kvReadUsPer1kTokens * decodeContextTokens / 1000.0;
        return Math.max(1L, Math.round(us * 1000.0));
    }

    /** The output stage's time per streamed token, in nanoseconds. */
    public long outputNanosPerToken() {
        return Math.round(outputUsPerToken * 1000.0);
    }

    static void nonNegative(String field, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(field + " (" + value + ") must be a finite number >= 0");
        }
    }
}
