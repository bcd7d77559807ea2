package dev.infergate.sim.profile;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.random.RandomGenerator;

/**
 * The length at which the modelled LLM would stop on its own (emit EOS) when the request allows it (no
 * {@code ignore_eos}, no {@code min_tokens} above it): log-normal with the given median and shape, at least
 * 1 token. Requests with {@code ignore_eos} get exactly their {@code max_tokens}.
 *
 * @param medianTokens median natural answer length, in tokens
 * @param sigma        log-normal shape; 0 makes every answer exactly {@code medianTokens} long
 */
public record OutputLength(
        @JsonProperty(value = "median_tokens", required = true) int medianTokens,
        @JsonProperty(value = "sigma", required = true) double sigma) {

    public OutputLength {
        LogNormalTokens.check("output_length", medianTokens, sigma);
    }

    /** Draws a natural length (tokens, >= 1) from {@code random}. */
    public int draw(RandomGenerator random) {
        return LogNormalTokens.draw(medianTokens, sigma, random);
    }
}
