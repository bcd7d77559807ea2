package dev.infergate.accept;

/**
 * The task-quality check of an acceptance: the same eval set, greedy, on both sides, compared item by item.
 * A failed check rejects the candidate whatever its speed; without the check an acceptance says that speed
 * alone was judged (docs/quality.md).
 *
 * @param eval        a bundled eval set name or a JSONL file
 * @param items       items to ask (0: the whole file)
 * @param seed        seed of a bundled set
 * @param maxDrop     the allowed accuracy drop, e.g. {@code 1%}
 * @param maxTokens   output tokens per answer
 * @param concurrency requests in flight
 */
public record QualityStep(String eval, int items, long seed, String maxDrop, int maxTokens, int concurrency) {
    public static final QualityStep DEFAULT = new QualityStep("arithmetic", 200, 0, "2%", 32, 8);

    public QualityStep {
        if (eval == null || eval.isBlank()) {
            throw new IllegalArgumentException("quality.eval must name a bundled set or a file");
        }
        if (items < 0 || maxTokens < 1 || concurrency < 1) {
            throw new IllegalArgumentException("quality.items (" + items + ") must be >= 0, max_tokens (" + maxTokens
                    + ") and concurrency (" + concurrency + ") >= 1");
        }
    }
}
