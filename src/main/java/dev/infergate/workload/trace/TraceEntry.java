package dev.infergate.workload.trace;

/**
 * One request of a trace, as read from its line.
 *
 * @param line         the line number in the file (1-based), for messages
 * @param byteOffset   where the line starts in the file, so a request can be read again without a scan
 * @param timeNanos    when the request arrived, in the trace's own time: nanoseconds since the trace's first line
 * @param inputTokens  the prompt's length in tokens, {@code >= 0}
 * @param outputTokens the answer's length in tokens, {@code >= 0}
 * @param hashIds      one id per {@value #BLOCK_TOKENS}-token block of the prompt (Mooncake), equal ids for equal
 *                     blocks; null when the trace has none (every prompt is then unique)
 */
public record TraceEntry(long line, long byteOffset, long timeNanos, int inputTokens, int outputTokens, int[] hashIds) {
    /** Tokens per block of Mooncake's {@code hash_ids}. */
    public static final int BLOCK_TOKENS = 512;

    /** Whether the request fits a context of {@code maxContextTokens} (0: unknown, everything fits): prompt and answer together. */
    public boolean fits(int maxContextTokens) {
        return maxContextTokens <= 0 || (long) inputTokens + outputTokens <= maxContextTokens;
    }

    /** Whether the request can be sent at all: a prompt and an answer of at least one token each. */
    public boolean usable() {
        return inputTokens >= 1 && outputTokens >= 1;
    }
}
