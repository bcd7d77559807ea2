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
 * @param toolName         chat with {@code tools} (and {@code tool_choice} not "none"): the first tool's function name,
 *                         and the answer is a call of it (tool-call deltas); null otherwise
 * @param reasoningTokens  chat only: how many of the first output tokens are reasoning ({@code reasoning_content}),
 *                         from the simulator's own request field {@code reasoning_tokens}; 0 for none
 */
public record CompletionRequest(boolean chat, int[] promptIds, boolean stream, boolean includeUsage,
        boolean continuousUsage, int maxTokens, int minTokens, boolean ignoreEos, long seed,
        String promptText, String toolName, int reasoningTokens) {

    /** A request without tools or reasoning. */
    public CompletionRequest(boolean chat, int[] promptIds, boolean stream, boolean includeUsage,
            boolean continuousUsage, int maxTokens, int minTokens, boolean ignoreEos, long seed, String promptText) {
        this(chat, promptIds, stream, includeUsage, continuousUsage, maxTokens, minTokens, ignoreEos, seed, promptText,
                null, 0);
    }

    public int promptTokens() {
        return promptIds.length;
    }
}
