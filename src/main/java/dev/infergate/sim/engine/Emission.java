package dev.infergate.sim.engine;

/**
 * What one step produced for one sequence: a new output token, possibly the last. Immutable, so it can be
 * handed from the engine thread to the connection's event loop.
 *
 * @param sequenceId   the sequence
 * @param tokenIndex   index of the new output token (0-based); output so far is {@code tokenIndex + 1}
 * @param finished     whether this was the last token
 * @param finishReason why it stopped; meaningful only when {@code finished}
 * @param promptTokens prompt length
 * @param cachedTokens prompt tokens served from the prefix cache at first scheduling
 * @param atNanos      when the model says the token leaves the server (engine clock): the step's end, plus
 *                     the output stage's work on the tokens ahead of it ({@code cost.output_us_per_token})
 */
public record Emission(long sequenceId, int tokenIndex, boolean finished, FinishReason finishReason,
        int promptTokens, int cachedTokens, long atNanos) {

    /** Output tokens generated so far, including this one. */
    public int outputTokens() {
        return tokenIndex + 1;
    }
}
