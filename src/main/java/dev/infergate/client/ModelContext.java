package dev.infergate.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.json.Json;
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.time.Duration;

/**
 * The server's context length (prompt + answer tokens per request), from what it says about its model: vLLM
 * and SGLang list {@code max_model_len} with each model of {@code /models}; llama.cpp's server gives
 * {@code n_ctx} under {@code /props} ({@code default_generation_settings.n_ctx}) and the model's
 * {@code meta.n_ctx_train} in {@code /models}. Servers that say nothing give 0 (unknown).
 */
public final class ModelContext {
    private static final ObjectMapper JSON = Json.COMPACT;
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private ModelContext() {}

    /** The context of {@code model} in tokens, or 0 when the server does not say. */
    public static int of(HttpExecutor http, String model) {
        int fromModels = fromModels(get(http, http.endpoint().url("/models")), model);
        if (fromModels > 0) {
            return fromModels;
        }
        JsonNode props = get(http, http.endpoint().rootUrl("/props"));
        return props == null ? 0 : positive(props.path("default_generation_settings").path("n_ctx"));
    }

    /** From a {@code /models} answer: the model's {@code max_model_len}, else its {@code meta.n_ctx_train}. */
    static int fromModels(JsonNode models, String model) {
        if (models == null) {
            return 0;
        }
        for (JsonNode m : models.path("data")) {
            if (model == null || model.equals(m.path("id").asText())) {
                int len = positive(m.path("max_model_len"));
                return len > 0 ? len : positive(m.path("meta").path("n_ctx_train"));
            }
        }
        return 0;
    }

    private static int positive(JsonNode n) {
        return n.canConvertToInt() && n.asInt() > 0 ? n.asInt() : 0;
    }

    private static JsonNode get(HttpExecutor http, String url) {
        try {
            HttpExecutor.Reply reply = http.call(HttpMethod.GET, url, null, TIMEOUT);
            return reply.status() / 100 == 2 ? JSON.readTree(reply.body()) : null;
        } catch (IOException e) {
            return null; // no metadata: the context stays unknown
        }
    }
}
