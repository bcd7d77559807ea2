package dev.infergate.sim.engine;

/**
 * How many tokens a request will generate and why it stops, decided when it arrives.
 *
 * <p>With {@code ignore_eos} the answer is exactly {@code maxTokens} long. Otherwise it ends at the
 * model's natural length, but never before {@code minTokens} and never after {@code maxTokens}.
 *
 * @param outputTokens tokens to generate, >= 1
 * @param finishReason {@code length} when {@code maxTokens} cut the answer, else {@code stop}
 */
public record OutputPlan(int outputTokens, FinishReason finishReason) {

    public OutputPlan {
        if (outputTokens < 1) {
            throw new IllegalArgumentException("outputTokens (" + outputTokens + ") must be >= 1");
        }
    }

    /**
     * @param maxTokens     the request's limit, >= 1
     * @param minTokens     the request's floor (0 when absent), <= maxTokens
     * @param ignoreEos     whether the request forbids stopping early
     * @param naturalTokens where the model would stop on its own, >= 1
     */
    public static OutputPlan decide(int maxTokens, int minTokens, boolean ignoreEos, int naturalTokens) {
        if (ignoreEos) {
            return new OutputPlan(maxTokens, FinishReason.LENGTH);
        }
        int wanted = Math.max(naturalTokens, minTokens);
        return wanted >= maxTokens
                ? new OutputPlan(maxTokens, FinishReason.LENGTH)
                : new OutputPlan(wanted, FinishReason.STOP);
    }
}
