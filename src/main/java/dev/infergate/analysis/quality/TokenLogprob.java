package dev.infergate.analysis.quality;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One generated token with the server's log-probabilities (natural log).
 *
 * @param token   the token's text
 * @param logprob the log-probability of this token
 * @param top     the most likely tokens at this position and their log-probabilities, most likely first
 *                (the server's {@code top_logprobs}; may be empty)
 */
public record TokenLogprob(String token, double logprob, Map<String, Double> top) {
    public TokenLogprob {
        if (token == null) {
            throw new IllegalArgumentException("token must not be null");
        }
        top = top == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(top));
    }
}
