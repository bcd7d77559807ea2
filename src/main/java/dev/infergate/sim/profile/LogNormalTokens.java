package dev.infergate.sim.profile;

import java.util.random.RandomGenerator;

/**
 * The log-normal token length that {@link OutputLength} and {@link ReasoningLength} share: its checks (median
 * at least 1 token, shape between 0 and 5, named by the profile block they come from) and its draw.
 */
final class LogNormalTokens {
    private LogNormalTokens() {}

    /** Refuses a median below 1 token or a shape outside 0..5, naming {@code block}'s field and the value. */
    static void check(String block, int medianTokens, double sigma) {
        if (medianTokens < 1) {
            throw new IllegalArgumentException(block + ".median_tokens (" + medianTokens + ") must be >= 1");
        }
        if (!(sigma >= 0) || sigma > 5) {
            throw new IllegalArgumentException(block + ".sigma (" + sigma + ") must be between 0 and 5");
        }
    }

    /** A length in tokens (>= 1): {@code medianTokens * exp(sigma * N(0,1))}, rounded, capped at half the int range. */
    static int draw(int medianTokens, double sigma, RandomGenerator random) {
        double length = medianTokens * Math.exp(sigma * random.nextGaussian());
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE / 2, Math.round(length)));
    }
}
