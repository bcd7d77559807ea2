package dev.infergate.client;

/**
 * Which OpenAI API an endpoint is driven through: chat ({@code messages}), completions ({@code prompt}), responses
 * (the Responses API: {@code input}, streamed as typed events, see {@code client.openai.ResponsesDecoder}) or
 * embeddings ({@code input}, never streamed: no output tokens, so no TTFT, ITL or TPOT; E2E and input tokens only).
 */
public enum Api {
    CHAT("chat", "/chat/completions"),
    COMPLETIONS("completions", "/completions"),
    RESPONSES("responses", "/responses"),
    EMBEDDINGS("embeddings", "/embeddings");

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

    /** Whether the API generates output tokens (and can stream them); embeddings do not. */
    public boolean generates() {
        return this != EMBEDDINGS;
    }

    public static Api parse(String text) {
        for (Api a : values()) {
            if (a.key.equalsIgnoreCase(text)) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown API '" + text + "'; use chat, completions, responses or embeddings");
    }
}
