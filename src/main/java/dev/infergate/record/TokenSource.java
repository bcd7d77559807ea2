package dev.infergate.record;

/** Where an output token count came from. The server's usage is authoritative; the client's is a fallback. */
public enum TokenSource {
    /** {@code usage.completion_tokens} sent by the server. */
    USAGE("usage"),
    /** Counted by infergate's tokenizer over the received text (multi-token chunks counted correctly). */
    CLIENT("client"),
    /** No output was received. */
    NONE("none");

    private final String key;

    TokenSource(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public static TokenSource fromKey(String key) {
        for (TokenSource s : values()) {
            if (s.key.equals(key)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown output token source '" + key + "'");
    }
}
