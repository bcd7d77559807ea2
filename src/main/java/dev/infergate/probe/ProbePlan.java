package dev.infergate.probe;

import dev.infergate.client.Endpoint;
import dev.infergate.client.Timeouts;
import java.nio.file.Path;

/**
 * What {@code infergate probe} sends: for each of {@code repeats} rounds, a long prompt with a unique prefix
 * (cold), the same prompt again (warm: repeated), and its first {@value #SHARED_SHARE} with a new suffix
 * (warm: shared prefix), one request at a time. Figures are p50 over the rounds, never one sample.
 *
 * @param endpoint      where to send (model may be null: the server's first)
 * @param out           the probe directory (probe.json, requests.jsonl)
 * @param repeats       rounds, {@code >= 3} so a p50 is a median of several requests
 * @param inputTokens   length of the long prompt, {@code >= 64}
 * @param outputTokens  output tokens asked per request, {@code >= 16} so delivery can be judged
 * @param timeouts      per-request limits
 * @param apiKeyEnv     the variable the API key came from (messages only)
 * @param apiKeySet     whether a key was found
 * @param labels        labels recorded in run.json ({@code --label})
 */
public record ProbePlan(Endpoint endpoint, Path out, int repeats, int inputTokens, int outputTokens, Timeouts timeouts,
        String apiKeyEnv, boolean apiKeySet, java.util.Map<String, String> labels) {
    /** Share of the long prompt reused as the shared prefix. */
    public static final double SHARED_SHARE = 0.9;

    public ProbePlan(Endpoint endpoint, Path out, int repeats, int inputTokens, int outputTokens, Timeouts timeouts,
            String apiKeyEnv, boolean apiKeySet) {
        this(endpoint, out, repeats, inputTokens, outputTokens, timeouts, apiKeyEnv, apiKeySet, java.util.Map.of());
    }

    public ProbePlan {
        labels = labels == null ? java.util.Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(labels));
        if (endpoint == null || out == null || timeouts == null) {
            throw new IllegalArgumentException("endpoint, out and timeouts must be set");
        }
        if (repeats < 3) {
            throw new IllegalArgumentException("--rounds (" + repeats + ") must be >= 3: figures are medians of several requests");
        }
        if (inputTokens < 64) {
            throw new IllegalArgumentException("--input-tokens (" + inputTokens + ") must be >= 64");
        }
        if (outputTokens < 16) {
            throw new IllegalArgumentException("--output-tokens (" + outputTokens + ") must be >= 16 to judge delivery");
        }
    }
}
