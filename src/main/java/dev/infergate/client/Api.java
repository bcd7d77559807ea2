package dev.infergate.client;

/**
 * Which OpenAI API an endpoint is driven through: chat ({@code messages}), completions ({@code prompt}), responses
 * (the Responses API: {@code input}, streamed as typed events, see {@code client.openai.ResponsesDecoder}) or
 * embeddings ({@code input}, never streamed: no output tokens, so no TTFT, ITL or TPOT; E2E and input tokens only),
 * rerank (vLLM's Jina/Cohere-compatible {@code /rerank}: a {@code query} and {@code documents}) or score (vLLM's
 * {@code /score}: {@code text_1} against a list {@code text_2}); rerank and score are scored, not generated, so they
 * are measured like embeddings, with documents per request (see {@link PairedInput}).
 */
public enum Api {
    CHAT("chat", "/chat/completions"),
    COMPLETIONS("completions", "/completions"),
    RESPONSES("responses", "/responses"),
    EMBEDDINGS("embeddings", "/embeddings"),
    RERANK("rerank", "/rerank"),
    SCORE("score", "/score");

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

    /** Whether the API generates output tokens (and can stream them); embeddings, rerank and score do not. */
    public boolean generates() {
        return this != EMBEDDINGS && !pairsDocuments();
    }

    /** Whether a request carries a query and documents ({@link PairedInput}): rerank and score. */
    public boolean pairsDocuments() {
        return this == RERANK || this == SCORE;
    }

    public static Api parse(String text) {
        for (Api a : values()) {
            if (a.key.equalsIgnoreCase(text)) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown API '" + text + "'; use chat, completions, responses, embeddings, rerank or score");
    }
}
