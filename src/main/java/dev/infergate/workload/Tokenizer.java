package dev.infergate.workload;

import java.util.List;

/**
 * Counts tokens the way a model does. Synthetic prompts are built to an exact count under one tokenizer, and
 * dataset inputs and outputs are measured with it; {@link #name()} is recorded with the results, because a
 * count is only exact under the tokenizer that made it.
 *
 * <p>Implementations may be remote (a server's {@code /tokenize}): callers batch with {@link #countAll} and
 * call it at setup, not per request. Implementations must be thread-safe.
 */
public interface Tokenizer {

    /** A name that identifies the vocabulary, e.g. {@code cl100k_base} or {@code server:llama-3-8b}. */
    String name();

    /**
     * Tokens in {@code text} as plain text (special-token markup such as {@code <|endoftext|>} is counted as
     * ordinary text). A remote tokenizer may include tokens the server always adds, such as BOS; prompt
     * building measures and compensates for such a constant.
     */
    int count(String text);

    /** Counts many texts at once; remote implementations override this to make one round trip. */
    default int[] countAll(List<String> texts) {
        int[] counts = new int[texts.size()];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = count(texts.get(i));
        }
        return counts;
    }
}
