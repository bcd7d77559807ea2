package dev.infergate.sim.profile;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.random.RandomGenerator;

/**
 * A reasoning model (a profile's optional {@code reasoning} block): every chat or Responses request that does not
 * name its own {@code reasoning_tokens} thinks for a log-normal number of tokens, the first ones of its output
 * (never more than the output: {@code max_tokens} covers reasoning and answer, as on vLLM).
 *
 * @param medianTokens median reasoning length, in tokens
 * @param sigma        log-normal shape; 0 makes every request think exactly {@code medianTokens}
 */
public record ReasoningLength(
        @JsonProperty(value = "median_tokens", required = true) int medianTokens,
        @JsonProperty(value = "sigma", required = true) double sigma) {

    public ReasoningLength {
        LogNormalTokens.check("reasoning", medianTokens, sigma);
    }

    /** Draws a reasoning length (tokens, >= 1) from {@code random}. */
    public int draw(RandomGenerator random) {
        return LogNormalTokens.draw(medianTokens, sigma, random);
    }
}
