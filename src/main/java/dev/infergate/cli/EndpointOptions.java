package dev.infergate.cli;

import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import dev.infergate.client.ApiKeys;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Options that say which endpoint to measure and how to reach it (URL, API, model, key, headers, TLS, HTTP/2,
 * connection policy, per-request time limits): one set for every command that sends requests (run, probe, quality,
 * capacity).
 */
public final class EndpointOptions {
    @Option(names = "--base-url", required = true, paramLabel = "URL",
            description = "The OpenAI-compatible base URL, e.g.%n  http://127.0.0.1:8000/v1%n  When its /models answers 4xx and the URL does not end in /v1, /v1 is appended if a model list is there, and the console says so.")
    String baseUrl;

    @Option(names = "--api", defaultValue = "chat", paramLabel = "chat|completions|responses|embeddings|rerank|score",
            description = "Which API to send requests to: chat (/chat/completions, messages), completions (/completions, a prompt), responses (/responses, the Responses API's typed events), embeddings (/embeddings: never streamed, no output tokens, so latency and input tokens/s only; TTFT, ITL and TPOT are absent), rerank (/rerank: a query and --documents documents, vLLM's Jina/Cohere-compatible form) or score (/score: text_1 against a list text_2); rerank and score are measured like embeddings, with documents/s. Default: ${DEFAULT-VALUE}.")
    String api;

    @Option(names = "--documents", defaultValue = "8", paramLabel = "N",
            description = "With --api rerank or score: documents per request. The input text (--input-tokens words) is cut into N+1 equal runs: the query, then the N documents. Default: ${DEFAULT-VALUE}.")
    int documents = 8;

    @Option(names = "--model", paramLabel = "ID",
            description = "The model id to send. Default: the first id the server lists at /models.")
    String model;

    @Option(names = "--api-key-env", paramLabel = "VAR",
            description = "The environment variable holding the API key, sent as a bearer token and never written anywhere. "
                    + "A variable named here must be set. Default: " + ApiKeys.DEFAULT_ENV + ", used when set.")
    String apiKeyEnvNamed; // null unless given: a variable named on the command line must be set

    @Option(names = "--header", paramLabel = "'K: V'",
            description = "An extra request header (repeatable). Values are never recorded; the values of credential headers "
                    + "(Authorization, Cookie, x-api-key, any name containing key, token, secret or auth) are also removed "
                    + "from any server text infergate keeps or prints.")
    List<String> headers = new ArrayList<>();

    @Option(names = "--accept-encoding", paramLabel = "VALUE",
            description = "The Accept-Encoding header of every request, as the clients users run send it (the OpenAI SDKs:"
                    + " 'gzip, deflate'): a gateway that compresses, and buffers to compress, then treats infergate as it"
                    + " treats them. Bodies are decoded after each read is timed. 'none' sends no such header."
                    + " A --header Accept-Encoding wins. Default: ${DEFAULT-VALUE}.",
            defaultValue = "gzip, deflate")
    String acceptEncoding = "gzip, deflate";

    @Option(names = "--no-stream", description = "Send non-streaming requests (TTFT then equals E2E).")
    boolean noStream;

    @Option(names = "--http2", description = "Use HTTP/2 (ALPN over TLS, prior knowledge over cleartext).")
    boolean http2;

    @Option(names = "--ca-cert", paramLabel = "PEM", description = "Trust the CA certificates in this PEM file instead of the system trust store.")
    Path caCert;

    @Option(names = "--insecure", description = "Trust any TLS certificate (for testing only).")
    boolean insecure;

    @Option(names = "--connect-timeout", defaultValue = "10s", paramLabel = "DURATION",
            description = "How long opening a connection may take. Default: ${DEFAULT-VALUE}.")
    Duration connectTimeout;

    @Option(names = "--idle-connection-timeout", defaultValue = "4s", paramLabel = "DURATION",
            description = "Close a connection idle this long rather than send the next request on it: keep it below the "
                    + "server's own idle timeout (5 s for uvicorn and llama-server), so the server never closes a "
                    + "connection the client is writing to. Shorter Keep-Alive timeouts a server announces win. "
                    + "Default: ${DEFAULT-VALUE}.")
    Duration idleConnectionTimeout;

    /** The per-request time limits, shown right after the connection's. */
    @Mixin
    TimeoutOptions timeouts = new TimeoutOptions();

    /** The environment variable the API key is read from: the one named, else {@link ApiKeys#DEFAULT_ENV}. */
    String apiKeyEnv() {
        return apiKeyEnvNamed != null ? apiKeyEnvNamed : ApiKeys.DEFAULT_ENV;
    }

    /** Whether an API key was found in the named environment variable. */
    boolean apiKeySet() {
        return ApiKeys.read(apiKeyEnv()) != null;
    }

    /** The endpoint; the model may still be null (pick it with the server's list). */
    Endpoint endpoint() {
        URI uri;
        try {
            uri = new URI(baseUrl.trim());
        } catch (URISyntaxException e) {
            throw UserError.usage("--base-url '" + baseUrl + "' is not a URL; write it like http://127.0.0.1:8000/v1");
        }
        if (caCert != null && !Files.isReadable(caCert)) {
            throw UserError.usage("--ca-cert " + caCert + " cannot be read; pass a readable PEM file");
        }
        if (apiKeyEnvNamed != null && !apiKeySet()) {
            throw UserError.usage("--api-key-env names $" + apiKeyEnvNamed + ", which is not set; export it with the API key, "
                    + "or leave --api-key-env out for a server without keys");
        }
        Map<String, String> headerMap = headerMap(headers);
        withAcceptEncoding(headerMap, acceptEncoding);
        if (apiKeySet() && headerMap.keySet().stream().noneMatch(k -> k.equalsIgnoreCase("Authorization"))) {
            headerMap.put("Authorization", "Bearer " + ApiKeys.read(apiKeyEnv()));
        }
        if (idleConnectionTimeout.isZero()) {
            throw UserError.usage("--idle-connection-timeout must be more than 0 (e.g. 4s): a connection must stay open"
                    + " for its own response");
        }
        try {
            if (apiKeySet()) {
                Endpoint.checkHeaderValue("$" + apiKeyEnv(), ApiKeys.read(apiKeyEnv()));
            }
            return new Endpoint(uri, Api.parse(api), model, !noStream, headerMap, caCert, insecure, http2,
                    connectTimeout, idleConnectionTimeout).withDocuments(documents);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    /**
     * The endpoint, for a command that speaks only chat and completions ({@code probe}'s protocol checks, {@code quality}'s
     * graded answers): --api responses or embeddings is refused with one line naming the command.
     */
    Endpoint chatOrCompletionsEndpoint(String command) {
        Endpoint e = endpoint();
        if (e.api() != Api.CHAT && e.api() != Api.COMPLETIONS) {
            throw UserError.usage(command + " speaks --api chat or completions only, not " + e.api().key()
                    + "; measure " + e.api().key() + " with infergate run, capacity or accept");
        }
        return e;
    }

    /**
     * Adds {@code Accept-Encoding: value} to {@code headers} unless a header of that name is there (the user's) or the
     * value is {@code none}.
     */
    static void withAcceptEncoding(Map<String, String> headers, String value) {
        String v = value == null ? "" : value.trim();
        if (v.isEmpty() || v.equalsIgnoreCase("none")
                || headers.keySet().stream().anyMatch(k -> k.equalsIgnoreCase("Accept-Encoding"))) {
            return;
        }
        headers.put("Accept-Encoding", v);
    }

    /** {@code --header} options as a map; the values are not echoed in any message (they may be secrets). */
    static Map<String, String> headerMap(List<String> headers) {
        Map<String, String> headerMap = new LinkedHashMap<>();
        for (String h : headers) {
            int colon = h.indexOf(':');
            if (colon <= 0) {
                throw UserError.usage("--header must look like 'Name: value' (got a value without a name and colon)");
            }
            headerMap.put(h.substring(0, colon).trim(), h.substring(colon + 1).trim());
        }
        return headerMap;
    }
}
