package dev.infergate.record;

/** Where an output token count came from. The server's usage is authoritative; the client's is a fallback. */
public enum TokenSource {
    /** {@code usage.completion_tokens} sent by the server. */
    USAGE("usage"),
    /** Counted by infergate's tokenizer over the received text (multi-token chunks counted correctly). */
    CLIENT("client"),
    /**
     * A stream that failed before the server's usage came: the output-carrying events received, each of which
     * carries at least one token. A lower bound, exact for servers that send one token per event (llama-server,
     * vLLM by default); re-tokenising the partial text with a bundled tokenizer could overstate it.
     */
    EVENTS("events"),
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
