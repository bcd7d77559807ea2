package dev.infergate.sim.http;

/**
 * What the simulator takes from a {@code /v1/chat/completions} or {@code /v1/completions} body.
 *
 * @param chat             chat (messages) or legacy completions (prompt)
 * @param promptIds        prompt token ids (one per word)
 * @param stream           {@code stream}
 * @param includeUsage     {@code stream_options.include_usage}
 * @param continuousUsage  {@code stream_options.continuous_usage_stats} (only with include_usage, as vLLM)
 * @param maxTokens        {@code max_completion_tokens} / {@code max_tokens}, or what fits in the context
 * @param minTokens        {@code min_tokens}, 0 when absent
 * @param ignoreEos        {@code ignore_eos}
 * @param seed             {@code seed}, or 0 when absent
 * @param promptText       the last message's text (chat) or the prompt string (completions); null for token ids
 */
public record CompletionRequest(boolean chat, int[] promptIds, boolean stream, boolean includeUsage,
        boolean continuousUsage, int maxTokens, int minTokens, boolean ignoreEos, long seed,
        String promptText) {

    public int promptTokens() {
        return promptIds.length;
    }
}
