package dev.infergate.analysis.quality;

import java.util.List;

/**
 * One evaluation item's outcome: one line of {@code quality-items.jsonl}.
 *
 * @param id            the item id (pairs the baseline's and the candidate's answers)
 * @param promptSha256  the first 16 hex digits of the SHA-256 of the prompt text, to check both sides asked the same
 * @param prompt        the prompt text, shortened to 200 characters
 * @param expected      the expected answer
 * @param scorer        the scorer's key
 * @param output        the model's whole output text (null when the request failed)
 * @param extracted     what the scorer read as the answer, or null
 * @param correct       whether the output was judged correct (false when the request failed)
 * @param error         why the request failed, or null
 * @param finishReason  the server's finish reason, or null
 * @param outputTokens  the server's completion token count, or -1 when not reported
 * @param latencyNanos  request sent to response read, in nanoseconds ({@link System#nanoTime()})
 * @param logprobs      per-token log-probabilities when asked for and returned, else null
 */
public record ItemResult(String id, String promptSha256, String prompt, String expected, String scorer, String output,
        String extracted, boolean correct, String error, String finishReason, int outputTokens, long latencyNanos,
        List<TokenLogprob> logprobs) {

    public ItemResult {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("item id (" + id + ") must not be blank");
        }
        if (correct && error != null) {
            throw new IllegalArgumentException("item " + id + " cannot be correct and failed (" + error + ")");
        }
        logprobs = logprobs == null ? null : List.copyOf(logprobs);
    }

    public boolean failed() {
        return error != null;
    }
}
