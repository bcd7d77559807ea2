package dev.infergate.workload;

/**
 * One chat message, as sent in the chat completions API's {@code messages}.
 *
 * @param role    {@code system}, {@code user}, {@code assistant}, ... (not blank)
 * @param content the text (not null)
 */
public record Message(String role, String content) {

    public Message {
        if (role == null || role.isBlank()) {
            throw new IllegalArgumentException("message role (" + role + ") must not be blank");
        }
        if (content == null) {
            throw new IllegalArgumentException("message content must not be null");
        }
    }

    /** A {@code user} message. */
    public static Message user(String content) {
        return new Message("user", content);
    }
}
