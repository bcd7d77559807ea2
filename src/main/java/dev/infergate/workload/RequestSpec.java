package dev.infergate.workload;

import java.util.List;
import java.util.stream.Collectors;

/**
 * What to send as request {@code id}: the input, its token count and the output length to ask for. Exactly
 * one of {@link #prompt} (completions API) and {@link #messages} (chat API) is set; {@link #asPrompt()} and
 * {@link #asMessages()} render either API's form from the same spec.
 *
 * @param id                 the request's index in the run (0-based, unique across shards)
 * @param prompt             the prompt text, or null when the input is {@link #messages}
 * @param messages           the chat messages, or null when the input is {@link #prompt}
 * @param inputTokens        tokens of the input under the workload's tokenizer: of the prompt, or the sum over
 *                           the messages' contents (a chat template adds a few more on the server)
 * @param maxTokens          output tokens to ask for; the client sends it as {@code max_tokens} together with
 *                           {@code ignore_eos} / {@code min_tokens} so the server generates exactly this many
 * @param prefixGroup        which shared prefix of the pool the input starts with, or null for a fresh prefix
 *                           (lets reports tell requests a prefix cache could serve from those it could not)
 * @param sharedPrefixTokens tokens of that shared prefix, 0 when {@link #prefixGroup} is null
 * @param source             where the input came from: {@code synthetic}, or the dataset file name and line
 * @param media              images and audio clips sent with the last user message (chat only), in order; empty
 *                           for text only. Their tokens are not in {@link #inputTokens}: only the server knows them
 */
public record RequestSpec(
        long id,
        String prompt,
        List<Message> messages,
        int inputTokens,
        int maxTokens,
        Integer prefixGroup,
        int sharedPrefixTokens,
        String source,
        List<MediaPart> media) {

    /** A text-only request. */
    public RequestSpec(long id, String prompt, List<Message> messages, int inputTokens, int maxTokens,
            Integer prefixGroup, int sharedPrefixTokens, String source) {
        this(id, prompt, messages, inputTokens, maxTokens, prefixGroup, sharedPrefixTokens, source, List.of());
    }

    public RequestSpec {
        media = List.copyOf(media == null ? List.of() : media);
        if (id < 0) {
            throw new IllegalArgumentException("id (" + id + ") must be >= 0");
        }
        if ((prompt == null) == (messages == null)) {
            throw new IllegalArgumentException("exactly one of prompt and messages must be set");
        }
        if (messages != null) {
            if (messages.isEmpty()) {
                throw new IllegalArgumentException("messages must not be empty");
            }
            messages = List.copyOf(messages);
        }
        if (inputTokens < 0) {
            throw new IllegalArgumentException("inputTokens (" + inputTokens + ") must be >= 0");
        }
        if (maxTokens < 1) {
            throw new IllegalArgumentException("maxTokens (" + maxTokens + ") must be >= 1");
        }
        if (prefixGroup == null ? sharedPrefixTokens != 0 : sharedPrefixTokens < 0 || prefixGroup < 0) {
            throw new IllegalArgumentException("prefixGroup (" + prefixGroup + ") and sharedPrefixTokens ("
                    + sharedPrefixTokens + ") disagree: a fresh prefix has 0 shared tokens");
        }
        if (source == null || source.isBlank()) {
            throw new IllegalArgumentException("source must not be blank");
        }
    }

    /** This request carrying {@code parts} (replacing any it had). */
    public RequestSpec withMedia(List<MediaPart> parts) {
        return new RequestSpec(id, prompt, messages, inputTokens, maxTokens, prefixGroup, sharedPrefixTokens, source,
                parts);
    }

    /** Images among {@link #media}. */
    public int images() {
        return (int) media.stream().filter(p -> p instanceof MediaPart.Image).count();
    }

    /** Audio clips among {@link #media}. */
    public int audioClips() {
        return (int) media.stream().filter(p -> p instanceof MediaPart.Audio).count();
    }

    /** The bytes of the images' files (a URL's unknown size counts 0). */
    public long imageBytes() {
        return media.stream().filter(p -> p instanceof MediaPart.Image).mapToLong(p -> Math.max(0, p.bytes())).sum();
    }

    /** The bytes of the audio clips' files. */
    public long audioBytes() {
        return media.stream().filter(p -> p instanceof MediaPart.Audio).mapToLong(MediaPart::bytes).sum();
    }

    /** The input as a completions-API prompt: the prompt, or the messages' contents joined by blank lines. */
    public String asPrompt() {
        return prompt != null ? prompt : messages.stream().map(Message::content).collect(Collectors.joining("\n\n"));
    }

    /** The input as chat messages: the messages, or the prompt as one user message. */
    public List<Message> asMessages() {
        return messages != null ? messages : List.of(Message.user(prompt));
    }
}
