package dev.infergate.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.workload.Tokenizer;
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;

/**
 * The server's own tokenizer through its {@code /tokenize} endpoint (vLLM, SGLang and llama.cpp have one),
 * so synthetic prompts have exactly the token count the server will see. Used at set-up only: prompt
 * building calibrates with a few calls, never one per request.
 */
public final class ServerTokenizer implements Tokenizer {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final HttpExecutor http;
    private final String url;
    private final String model;

    private ServerTokenizer(HttpExecutor http, String url, String model) {
        this.http = http;
        this.url = url;
        this.model = model;
    }

    /** The server's tokenizer when it has a working {@code /tokenize}; null otherwise. */
    public static ServerTokenizer detect(HttpExecutor http) {
        Endpoint endpoint = http.endpoint();
        ServerTokenizer t = new ServerTokenizer(http, endpoint.rootUrl("/tokenize"), endpoint.model());
        try {
            return t.tryCount("hello world") > 0 ? t : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
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
            if (n < 0) {
                throw new IllegalStateException("the server's /tokenize stopped answering with a count");
            }
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException("the server's /tokenize failed: " + e.getMessage(), e);
        }
    }

    /**
     * Asks without special tokens: first in vLLM/SGLang form ({@code prompt}, {@code add_special_tokens}),
     * then in llama.cpp form ({@code content}, {@code add_special}). -1 when neither answers with a count.
     */
    private int tryCount(String text) throws IOException {
        String quoted = JSON.writeValueAsString(text);
        int n = ask("{\"model\":" + JSON.writeValueAsString(model) + ",\"prompt\":" + quoted + ",\"add_special_tokens\":false}");
        return n >= 0 ? n : ask("{\"content\":" + quoted + ",\"add_special\":false}");
    }

    private int ask(String body) throws IOException {
        HttpExecutor.Reply reply = http.call(HttpMethod.POST, url, body, TIMEOUT);
        if (reply.status() != 200) {
            return -1;
        }
        JsonNode json = JSON.readTree(reply.body());
        if (json.hasNonNull("count")) {
            return json.get("count").asInt();
        }
        return json.path("tokens").isArray() ? json.get("tokens").size() : -1;
    }
}
