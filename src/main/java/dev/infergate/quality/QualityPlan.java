package dev.infergate.quality;

import dev.infergate.client.ApiKeys;
import dev.infergate.quality.eval.EvalSet;
import java.time.Duration;

/**
 * How to run one evaluation against one endpoint. Sampling is deterministic: temperature 0 and a fixed
 * {@code seed} (servers that honour it), so a rerun on the same server answers the same.
 *
 * @param evalSet        the items to ask
 * @param concurrency    requests in flight at once, >= 1 (quality runs are not load tests: this only saves time)
 * @param maxTokens      the output limit per answer, >= 1; answers cut by it usually score wrong
 * @param seed           the {@code seed} sent with every request
 * @param topLogprobs    0: do not ask for log-probs; else ask for this many top log-probs per token (1 to 20)
 * @param requestTimeout how long one answer may take
 * @param apiKeyEnv      the environment variable the API key came from (named in error messages only)
 */
public record QualityPlan(EvalSet evalSet, int concurrency, int maxTokens, long seed, int topLogprobs,
        Duration requestTimeout, String apiKeyEnv) {

    public QualityPlan {
        if (evalSet == null) {
            throw new IllegalArgumentException("evalSet must not be null");
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency (" + concurrency + ") must be >= 1");
        }
        if (maxTokens < 1) {
            throw new IllegalArgumentException("max tokens (" + maxTokens + ") must be >= 1");
        }
        if (topLogprobs < 0 || topLogprobs > 20) {
            throw new IllegalArgumentException("top logprobs (" + topLogprobs + ") must be between 0 and 20");
        }
        if (requestTimeout == null || requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("request timeout (" + requestTimeout + ") must be > 0");
        }
        apiKeyEnv = apiKeyEnv == null ? ApiKeys.DEFAULT_ENV : apiKeyEnv;
    }

    /** Defaults: 8 in flight, 64 output tokens, seed 0, no log-probs, 2 minutes per answer. */
    public static QualityPlan of(EvalSet evalSet) {
        return new QualityPlan(evalSet, 8, 64, 0, 0, Duration.ofMinutes(2), null);
    }

    public QualityPlan withConcurrency(int n) {
        return new QualityPlan(evalSet, n, maxTokens, seed, topLogprobs, requestTimeout, apiKeyEnv);
    }

    public QualityPlan withMaxTokens(int n) {
        return new QualityPlan(evalSet, concurrency, n, seed, topLogprobs, requestTimeout, apiKeyEnv);
    }

    public QualityPlan withTopLogprobs(int n) {
        return new QualityPlan(evalSet, concurrency, maxTokens, seed, n, requestTimeout, apiKeyEnv);
    }
}
