package dev.infergate.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.json.Json;
import dev.infergate.workload.Tokenizer;
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;

/**
 * The server's own tokenizer through its {@code /tokenize} endpoint, so synthetic prompts have exactly the token
 * count the server will see. Used at set-up only: prompt building calibrates with a few calls, never one per
 * request.
 *
 * <p>Engines speak different dialects ({@link Dialect}); {@link #detect} tries each and keeps the first that
 * answers a non-empty text with a non-empty count. An empty answer is a "no": llama-server answers the vLLM form
 * with {@code {"tokens": []}} and HTTP 200, which must not pass as a count of 0.
 */
public final class ServerTokenizer implements Tokenizer {
    private static final ObjectMapper JSON = Json.COMPACT;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String PROBE_TEXT = "hello world";

    /** The request and answer forms of {@code POST /tokenize}, in the order they are tried. */
    public enum Dialect {
        /** vLLM and SGLang: {@code {"model","prompt","add_special_tokens"}} → {@code {"count","tokens","max_model_len"}}. */
        VLLM_SGLANG("vllm/sglang"),
        /** llama.cpp's llama-server: {@code {"content","add_special"}} → {@code {"tokens":[...]}}. */
        LLAMA_CPP("llama.cpp"),
        /** Hugging Face TGI: {@code {"inputs"}} → a list of token objects. */
        TGI("tgi");

        private final String key;

        Dialect(String key) {
            this.key = key;
        }

        /** The name in run.json and probe.json. */
        public String key() {
            return key;
        }

        String body(String model, String text) throws IOException {
            String quoted = JSON.writeValueAsString(text);
            return switch (this) {
                case VLLM_SGLANG -> "{\"model\":" + JSON.writeValueAsString(model) + ",\"prompt\":" + quoted
                        + ",\"add_special_tokens\":false}";
                case LLAMA_CPP -> "{\"content\":" + quoted + ",\"add_special\":false}";
                case TGI -> "{\"inputs\":" + quoted + ",\"add_special_tokens\":false}";
            };
        }

        /** The token count in {@code answer}, or -1 when the answer is not this dialect's. */
        int count(JsonNode answer) {
            return switch (this) {
                case VLLM_SGLANG -> answer.path("count").isInt() ? answer.get("count").asInt()
                        : answer.path("tokens").isArray() ? answer.get("tokens").size() : -1;
                case LLAMA_CPP -> answer.path("tokens").isArray() ? answer.get("tokens").size() : -1;
                case TGI -> answer.isArray() ? answer.size() : -1;
            };
        }
    }

    private final HttpExecutor http;
    private final String url;
    private final String model;
    private final Dialect dialect;

    private ServerTokenizer(HttpExecutor http, String url, String model, Dialect dialect) {
        this.http = http;
        this.url = url;
        this.model = model;
        this.dialect = dialect;
    }

    /** The server's tokenizer in the first dialect it answers with a count; null when it answers none. */
    public static ServerTokenizer detect(HttpExecutor http) {
        Endpoint endpoint = http.endpoint();
        for (Dialect d : Dialect.values()) {
            ServerTokenizer t = new ServerTokenizer(http, endpoint.rootUrl("/tokenize"), endpoint.model(), d);
            try {
                if (t.tryCount(PROBE_TEXT) > 0) {
                    return t;
                }
            } catch (IOException | RuntimeException e) {
                // not this dialect (or no endpoint): try the next
            }
        }
        return null;
    }

    /** The dialect the server answered. */
    public Dialect dialect() {
        return dialect;
    }

    @Override
    public String name() {
        return "server:" + model;
    }

    @Override
    public int count(String text) {
        if (io.vertx.core.Context.isOnEventLoopThread()) {
            // a blocking call from an event loop could wait on itself: refuse loudly instead of hanging
            throw new IllegalStateException("the server tokenizer is for set-up only, not for an event loop");
        }
        try {
            int n = tryCount(text);
            if (n < 0 || (n == 0 && !text.isEmpty())) {
                throw new IllegalStateException("the server's /tokenize (" + dialect.key() + ") stopped answering with a count");
            }
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException("the server's /tokenize failed: " + e.getMessage(), e);
        }
    }

    /** Asks without special tokens in this tokenizer's dialect; -1 when the answer carries no count. */
    private int tryCount(String text) throws IOException {
        HttpExecutor.Reply reply = http.call(HttpMethod.POST, url, dialect.body(model, text), TIMEOUT);
        if (reply.status() != 200) {
            return -1;
        }
        return dialect.count(JSON.readTree(reply.body()));
    }
}
