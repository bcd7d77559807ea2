package dev.infergate.quality.eval;

import dev.infergate.workload.Message;
import java.util.List;

/**
 * One question of an evaluation set with its expected answer and how an output is scored against it.
 *
 * @param id       unique within its set and stable across runs (pairs baseline and candidate answers)
 * @param messages the chat messages sent (the completions API gets {@link #promptText()})
 * @param answer   the expected answer; for the regex scorer, the pattern an output must contain
 * @param scorer   how an output is judged
 */
public record EvalItem(String id, List<Message> messages, String answer, Scorer scorer) {

    public EvalItem {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("item id (" + id + ") must not be blank");
        }
        if (messages == null || messages.isEmpty()) {
            throw new IllegalArgumentException("item " + id + ": messages must not be empty");
        }
        messages = List.copyOf(messages);
        if (answer == null || answer.isBlank()) {
            throw new IllegalArgumentException("item " + id + ": answer (" + answer + ") must not be blank");
        }
        if (scorer == null) {
            throw new IllegalArgumentException("item " + id + ": scorer must not be null");
        }
    }

    /** A one-message item. */
    public static EvalItem of(String id, String prompt, String answer, Scorer scorer) {
        return new EvalItem(id, List.of(Message.user(prompt)), answer, scorer);
    }

    /** The text of the last message: the question, and the whole prompt for the completions API. */
    public String promptText() {
        return messages.get(messages.size() - 1).content();
    }

    /** Whether {@code output} answers this item correctly. */
    public boolean correct(String output) {
        return scorer.correct(output, answer);
    }
}
