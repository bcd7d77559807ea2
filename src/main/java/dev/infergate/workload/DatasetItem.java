package dev.infergate.workload;

import java.util.List;

/**
 * One usable entry of a dataset file.
 *
 * @param prompt      the prompt, or null when {@link #messages} is set
 * @param messages    the chat messages, or null when {@link #prompt} is set
 * @param inputTokens tokens of the input under the loading tokenizer (sum over message contents)
 * @param maxTokens   the output length the file gives (JSONL {@code max_tokens}, ShareGPT reply), or null
 * @param source      file name and line, e.g. {@code chats.jsonl:12}
 * @param media       the entry's images (JSONL {@code images}: files read when the dataset loads, or http(s) URLs the
 *                    server fetches), sent with its last user message; empty for text only
 */
public record DatasetItem(String prompt, List<Message> messages, int inputTokens, Integer maxTokens, String source,
        List<MediaPart> media) {

    /** A text-only entry. */
    public DatasetItem(String prompt, List<Message> messages, int inputTokens, Integer maxTokens, String source) {
        this(prompt, messages, inputTokens, maxTokens, source, List.of());
    }

    public DatasetItem {
        media = List.copyOf(media == null ? List.of() : media);
        if ((prompt == null) == (messages == null)) {
            throw new IllegalArgumentException("exactly one of prompt and messages must be set");
        }
        messages = messages == null ? null : List.copyOf(messages);
    }
}
