package dev.infergate.client;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.json.Json;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.UrlCredentials;
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Set-up checks before the first measured request, so a wrong URL, model or key fails in one clear line
 * instead of as a run full of errors: the server answers, the model exists (or is picked as the first
 * listed), and the server accepts {@code ignore_eos}/{@code min_tokens} (else they are left out, and output
 * lengths follow the model).
 */
public final class Preflight {
    private static final ObjectMapper JSON = Json.COMPACT;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /**
     * What the server told us.
     *
     * @param baseUrlGiven the --base-url as given when Preflight moved to it plus {@code /v1} (its root had no
     *                     model list); null when the given one was used
     */
    public record Result(String model, List<String> models, boolean exactOutput, String serverVersion, String baseUrlGiven) {
        /** run.json's (and probe.json's) {@code server} block. */
        public Description describe() {
            return new Description(baseUrlGiven, models, exactOutput, serverVersion);
        }
    }

    /**
     * What the server said about itself, as run.json's {@code server} block writes it.
     *
     * @param baseUrlGiven the --base-url as given when Preflight moved off it, else absent
     */
    public record Description(@JsonProperty("base_url_given") @JsonInclude(JsonInclude.Include.NON_NULL) String baseUrlGiven,
            @JsonProperty("models_listed") List<String> modelsListed,
            @JsonProperty("exact_output_lengths") boolean exactOutputLengths,
            @JsonProperty("server_version") String serverVersion) {}

    /** A set-up failure the user must fix: the message names the problem and the fix. */
    public static final class Failure extends Exception {
        private static final long serialVersionUID = 1L;

        Failure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private Preflight() {}

    /**
     * @param model the model asked for, or null to take the first one the server lists
     * @param exactOutput whether to try {@code ignore_eos}/{@code min_tokens} at all
     * @param apiKeyEnv the environment variable the key comes from (only for the error message)
     * @param apiKeySet whether a key was found
     */
    public static Result run(HttpExecutor http, String model, boolean exactOutput, String apiKeyEnv, boolean apiKeySet)
            throws Failure {
        Redactor redactor = http.endpoint().redactor();
        try {
            Result r = check(http, model, exactOutput, apiKeyEnv, apiKeySet);
            return new Result(r.model(), r.models().stream().map(redactor::redact).toList(), r.exactOutput(),
                    redactor.redact(r.serverVersion()), r.baseUrlGiven() == null ? null : redactor.redact(r.baseUrlGiven()));
        } catch (Failure f) {
            // a server may echo the request headers in what it answers: no credential reaches the console
            throw new Failure(redactor.redact(f.getMessage()), f.getCause());
        }
    }

    private static Result check(HttpExecutor http, String model, boolean exactOutput, String apiKeyEnv, boolean apiKeySet)
            throws Failure {
        Endpoint given = http.endpoint();
        HttpExecutor.Reply models = models(http, given);
        String baseUrlGiven = null;
        if (models.status() / 100 == 4 && models.status() != 401 && models.status() != 403 && !BusyRetry.busy(models.status())
                && !given.baseUrl().getPath().replaceAll("/+$", "").endsWith("/v1")) {
            // "http://host:8000" for "http://host:8000/v1": OpenAI-compatible servers list models under /v1
            Endpoint v1 = given.withBaseUrl(java.net.URI.create(given.url("/v1")));
            HttpExecutor.Reply atV1 = models(http, v1);
            if (atV1.status() / 100 == 2 && !modelIds(atV1).isEmpty()) {
                http.useBaseUrl(v1.baseUrl());
                models = atV1;
                baseUrlGiven = given.baseUrlShown();
            }
        }
        Endpoint endpoint = http.endpoint();
        if (models.status() == 401 || models.status() == 403) {
            throw new Failure("the server answered " + models.status() + " to " + endpoint.urlShown("/models")
                    + keyAdvice(apiKeyEnv, apiKeySet), null);
        }
        if (BusyRetry.busy(models.status())) {
            throw new Failure("the server answered " + models.status() + " to " + endpoint.urlShown("/models") + " "
                    + BusyRetry.MAX_ATTEMPTS + " times, honouring Retry-After; it is overloaded or starting: try again later", null);
        }
        List<String> ids = modelIds(models);
        String chosen = model;
        if (chosen == null) {
            if (ids.isEmpty()) {
                throw new Failure(models.status() / 100 == 2
                        ? "the server lists no models at " + endpoint.urlShown("/models") + "; pass --model"
                        : "the server answered " + models.status() + " to " + endpoint.urlShown("/models")
                                + "; check --base-url (OpenAI-compatible servers list models at <base>/v1/models), or pass --model", null);
            }
            chosen = ids.get(0);
        } else if (!ids.isEmpty() && !ids.contains(chosen)) {
            throw new Failure("unknown model '" + chosen + "'; the server lists " + ids + " (pass one with --model)", null);
        }
        boolean exact = exactOutput && acceptsExactOutput(http, endpoint.withModel(chosen), apiKeyEnv, apiKeySet);
        return new Result(chosen, ids, exact && endpoint.api().generates(), // embeddings have no output length
                version(http, endpoint), baseUrlGiven);
    }

    /** What to do about a 401 or 403: set the key, or check the one that was sent and the variable it came from. */
    private static String keyAdvice(String apiKeyEnv, boolean apiKeySet) {
        return apiKeySet
                ? "; the API key in $" + apiKeyEnv + " was refused: check it, or name the variable that holds the right"
                        + " one with --api-key-env"
                : "; set $" + apiKeyEnv + " to an API key (or name another variable with --api-key-env)";
    }

    private static HttpExecutor.Reply models(HttpExecutor http, Endpoint endpoint) throws Failure {
        try {
            return BusyRetry.real().call(http, HttpMethod.GET, endpoint.url("/models"), null, TIMEOUT);
        } catch (IOException e) {
            throw new Failure(NetworkAdvice.line(endpoint, endpoint.urlShown("/models"), e), e);
        }
    }

    private static List<String> modelIds(HttpExecutor.Reply reply) {
        List<String> ids = new ArrayList<>();
        if (reply.status() / 100 != 2) {
            return ids;
        }
        try {
            for (JsonNode m : JSON.readTree(reply.body()).path("data")) {
                if (m.hasNonNull("id")) {
                    ids.add(m.get("id").asText());
                }
            }
        } catch (IOException e) {
            // a server without a proper model list: the model must then be given
        }
        return ids;
    }

    /** One tiny non-streaming request with ignore_eos/min_tokens: a 4xx means the server refuses them. */
    private static boolean acceptsExactOutput(HttpExecutor http, Endpoint endpoint, String apiKeyEnv, boolean apiKeySet)
            throws Failure {
        String head = "{\"model\":" + quote(endpoint.model()) + ",";
        String exact = "\"ignore_eos\":true,\"min_tokens\":2,\"stream\":false}";
        String body = switch (endpoint.api()) {
            case CHAT -> head + "\"messages\":[{\"role\":\"user\",\"content\":\"Say hi\"}],\"max_tokens\":2," + exact;
            case COMPLETIONS -> head + "\"prompt\":\"Say hi\",\"max_tokens\":2," + exact;
            case RESPONSES -> head + "\"input\":\"Say hi\",\"max_output_tokens\":2," + exact;
            case EMBEDDINGS -> head + "\"input\":\"Say hi\"}"; // no output: only whether the endpoint answers
            case RERANK -> head + "\"query\":\"Say hi\",\"documents\":[\"hi\"]}";
            case SCORE -> head + "\"text_1\":\"Say hi\",\"text_2\":[\"hi\"]}";
        };
        try {
            HttpExecutor.Reply reply = BusyRetry.real().call(http, HttpMethod.POST, endpoint.url(endpoint.api().path()), body, TIMEOUT);
            if (reply.status() / 100 == 2) {
                return true;
            }
            if (BusyRetry.busy(reply.status())) {
                throw new Failure("the test request (exact output lengths) was answered " + reply.status() + " "
                        + BusyRetry.MAX_ATTEMPTS + " times, honouring Retry-After; try again when the server has capacity, "
                        + "or (infergate run) skip the check with --no-exact-output", null);
            }
            if (reply.status() == 404) {
                boolean v1 = endpoint.baseUrl().getPath().replaceAll("/+$", "").endsWith("/v1");
                throw new Failure("the server has no " + endpoint.urlShown(endpoint.api().path())
                        + (v1 ? "; try" : "; OpenAI-compatible servers answer below /v1: try --base-url "
                                + UrlCredentials.redacted(java.net.URI.create(endpoint.url("/v1"))) + ", or")
                        + " another --api (chat, completions, responses, embeddings)", null);
            }
            if (reply.status() == 401 || reply.status() == 403 && refusedWithoutExactFields(http, endpoint, body)) {
                throw new Failure("the server answered " + reply.status() + " to " + endpoint.urlShown(endpoint.api().path())
                        + keyAdvice(apiKeyEnv, apiKeySet), null);
            }
            if (ErrorClass.forStatus(reply.status()) == ErrorClass.HTTP_4XX) { // it refuses the exact-length fields
                return false;
            }
            throw new Failure("a test request failed with HTTP " + reply.status() + ": "
                    + abbreviate(endpoint.redactor().redact(reply.body())), null);
        } catch (IOException e) {
            throw new Failure("a test request failed: " + NetworkAdvice.line(endpoint, endpoint.urlShown(endpoint.api().path()), e), e);
        }
    }

    /**
     * Whether a 403 to the test request is the key's: a gateway may forbid only the ignore_eos/min_tokens fields, and
     * then the same request without them is answered; when that is refused too, every request of the run would be.
     */
    private static boolean refusedWithoutExactFields(HttpExecutor http, Endpoint endpoint, String body) throws IOException {
        String plain = body.replace("\"ignore_eos\":true,\"min_tokens\":2,", "");
        if (plain.equals(body)) {
            return true; // nothing to leave out (embeddings, rerank, score): the refusal is the request's own
        }
        return http.call(HttpMethod.POST, endpoint.url(endpoint.api().path()), plain, TIMEOUT).status() == 403;
    }

    private static String version(HttpExecutor http, Endpoint endpoint) {
        try {
            HttpExecutor.Reply reply = http.call(HttpMethod.GET, endpoint.rootUrl("/version"), null, Duration.ofSeconds(5));
            if (reply.status() == 200) {
                JsonNode v = JSON.readTree(reply.body());
                Redactor redactor = endpoint.redactor(); // before the cut: a secret cut in two would not match
                return abbreviate(redactor.redact(v.hasNonNull("version") ? v.get("version").asText() : reply.body()));
            }
        } catch (IOException e) {
            // no /version: fine
        }
        return null;
    }

    /** One line of at most 200 chars, cut on code points; redact {@code s} first (a cut secret would not match). */
    static String abbreviate(String s) {
        return dev.infergate.record.Text.cut(s.replaceAll("\\s+", " ").trim(), 203);
    }

    private static String quote(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
