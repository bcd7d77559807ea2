package dev.infergate.client;

/** Which OpenAI API an endpoint is driven through. */
public enum Api {
    CHAT("chat", "/chat/completions"),
    COMPLETIONS("completions", "/completions");

    private final String key;
    private final String path;

    Api(String key, String path) {
        this.key = key;
        this.path = path;
    }

    public String key() {
        return key;
    }

    /** The path below the base URL, e.g. {@code /chat/completions}. */
    public String path() {
        return path;
    }

    public static Api parse(String text) {
        for (Api a : values()) {
            if (a.key.equalsIgnoreCase(text)) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown API '" + text + "'; use chat or completions");
    }
}
