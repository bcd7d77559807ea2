package dev.infergate.workload.trace;

/**
 * One request of a trace, as read from its line.
 *
 * @param line         the line number in the file (1-based), for messages
 * @param byteOffset   where the line starts in the file, so a request can be read again without a scan
 * @param timeNanos    when the request arrived, in the trace's own time: nanoseconds since the trace's first line
 * @param inputTokens  the prompt's length in tokens, {@code >= 0}; -1 when a literal input gave none (the
 *                     tokenizer counts it when the request is built)
 * @param outputTokens the answer's length in tokens, {@code >= 0}
 * @param hashIds      one id per {@value #BLOCK_TOKENS}-token block of the prompt (Mooncake), equal ids for equal
 *                     blocks; null when the trace has none (every prompt is then unique)
 * @param literal      the line's own input to send as written (jsonl {@code prompt} or {@code messages}), or null
 *                     for a synthetic prompt of {@code inputTokens}
 */
public record TraceEntry(long line, long byteOffset, long timeNanos, int inputTokens, int outputTokens, int[] hashIds,
        TraceLiteral literal) {
    /** Tokens per block of Mooncake's {@code hash_ids}. */
    public static final int BLOCK_TOKENS = 512;

    public TraceEntry {
        if (inputTokens < (literal == null ? 0 : -1)) {
            throw new IllegalArgumentException("inputTokens (" + inputTokens + ") must be >= 0");
        }
    }

    /** An entry of lengths only (a synthetic prompt). */
    public TraceEntry(long line, long byteOffset, long timeNanos, int inputTokens, int outputTokens, int[] hashIds) {
        this(line, byteOffset, timeNanos, inputTokens, outputTokens, hashIds, null);
    }

    /**
     * Whether the request fits a context of {@code maxContextTokens} (0: unknown, everything fits): prompt and
     * answer together. A literal input without a length is checked by its answer alone (its prompt is counted
     * only when the request is built).
     */
    public boolean fits(int maxContextTokens) {
        return maxContextTokens <= 0 || (long) Math.max(0, inputTokens) + outputTokens <= maxContextTokens;
    }

    /** Whether the request can be sent at all: a prompt (or a literal input) and an answer of at least one token. */
    public boolean usable() {
        return (inputTokens >= 1 || literal != null) && outputTokens >= 1;
    }
}
