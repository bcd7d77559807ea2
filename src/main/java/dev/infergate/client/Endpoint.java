package dev.infergate.client;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.record.RunDocument;
import dev.infergate.record.UrlCredentials;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where and how requests go. Header values (API keys, auth tokens) are secrets: {@link #toString()} and
 * {@link #describe()} show header names only, and nothing else in infergate prints them.
 *
 * @param baseUrl        the OpenAI base URL, e.g. {@code http://127.0.0.1:8000/v1}
 * @param api            chat, completions, responses, embeddings, rerank or score
 * @param model          the model id sent with every request
 * @param stream         whether to ask for a streamed response; always false for embeddings (nothing to stream)
 * @param headers        extra request headers, including {@code Authorization}; never printed
 * @param caCert         a PEM file of trusted CA certificates, or null for the system trust store
 * @param insecure       trust any TLS certificate (testing only)
 * @param http2          use HTTP/2 (ALPN over TLS, prior knowledge over cleartext)
 * @param connectTimeout how long a connection may take to open
 * @param idleConnectionTimeout how long an idle connection is kept for the next request at most (see
 *                       {@link ConnectionPolicy}); below the servers' own idle timeouts
 * @param extraBody      fields merged into every request body ({@code --extra-body})
 * @param documents      documents per request for rerank and score ({@code --documents}); ignored by other APIs
 */
public record Endpoint(URI baseUrl, Api api, String model, boolean stream, Map<String, String> headers,
        Path caCert, boolean insecure, boolean http2, Duration connectTimeout, Duration idleConnectionTimeout,
        ExtraBody extraBody, int documents) {

    /** Documents per rerank or score request when none are asked for: a typical first-stage retrieval's top few. */
    public static final int DEFAULT_DOCUMENTS = 8;

    /** An endpoint with {@link #DEFAULT_DOCUMENTS} documents per rerank or score request. */
    public Endpoint(URI baseUrl, Api api, String model, boolean stream, Map<String, String> headers,
            Path caCert, boolean insecure, boolean http2, Duration connectTimeout, Duration idleConnectionTimeout,
            ExtraBody extraBody) {
        this(baseUrl, api, model, stream, headers, caCert, insecure, http2, connectTimeout, idleConnectionTimeout,
                extraBody, DEFAULT_DOCUMENTS);
    }

    /** An endpoint with no extra body fields. */
    public Endpoint(URI baseUrl, Api api, String model, boolean stream, Map<String, String> headers,
            Path caCert, boolean insecure, boolean http2, Duration connectTimeout, Duration idleConnectionTimeout) {
        this(baseUrl, api, model, stream, headers, caCert, insecure, http2, connectTimeout, idleConnectionTimeout,
                ExtraBody.NONE);
    }

    /** An endpoint that keeps idle connections for {@link ConnectionPolicy#DEFAULT_IDLE}. */
    public Endpoint(URI baseUrl, Api api, String model, boolean stream, Map<String, String> headers,
            Path caCert, boolean insecure, boolean http2, Duration connectTimeout) {
        this(baseUrl, api, model, stream, headers, caCert, insecure, http2, connectTimeout, ConnectionPolicy.DEFAULT_IDLE);
    }

    public Endpoint {
        if (baseUrl == null || baseUrl.getHost() == null) {
            throw new IllegalArgumentException("base URL (" + UrlCredentials.redacted(baseUrl)
                    + ") must be an absolute http(s) URL, e.g. http://127.0.0.1:8000/v1");
        }
        if (baseUrl.getPort() == 0 || baseUrl.getPort() > 65_535) {
            throw new IllegalArgumentException("base URL port (" + baseUrl.getPort() + ") must be 1-65535, e.g. "
                    + "http://127.0.0.1:8000/v1");
        }
        String scheme = baseUrl.getScheme();
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw new IllegalArgumentException("base URL scheme (" + scheme + ") must be http or https");
        }
        // in the order given, not Map.copyOf's (seeded per JVM start): run.json's header_names must not move between runs
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers == null ? Map.of() : headers));
        headers.forEach((name, value) -> {
            if (name == null || value == null) {
                throw new IllegalArgumentException("header names and values must not be null");
            }
            checkHeader(name, value);
        });
        if (connectTimeout == null || connectTimeout.isNegative() || connectTimeout.isZero()) {
            throw new IllegalArgumentException("connect timeout (" + connectTimeout + ") must be > 0");
        }
        if (idleConnectionTimeout == null || idleConnectionTimeout.isNegative() || idleConnectionTimeout.isZero()) {
            throw new IllegalArgumentException("idle connection timeout (" + idleConnectionTimeout + ") must be > 0");
        }
        extraBody = extraBody == null ? ExtraBody.NONE : extraBody;
        if (documents < 1 || documents > PairedInput.MAX_DOCUMENTS) {
            throw new IllegalArgumentException("documents per request (" + documents + ") must be between 1 and "
                    + PairedInput.MAX_DOCUMENTS);
        }
        stream = stream && (api == null || api.generates());
    }

    /** RFC 9110 field-name: a token. */
    private static final java.util.regex.Pattern HEADER_NAME = java.util.regex.Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

    /** Refuses what HTTP cannot carry; the message never repeats a value (it may be a secret). */
    private static void checkHeader(String name, String value) {
        if (!HEADER_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("header name '" + name.replaceAll("\\p{Cntrl}", "?")
                    + "' is not a valid HTTP header name (letters, digits and !#$%&'*+.^_`|~- only, no spaces)");
        }
        checkHeaderValue("header '" + name + "'", value);
    }

    /**
     * Refuses a header value with a line break or control character (it would split the request), naming
     * {@code what} but never the value.
     */
    public static void checkHeaderValue(String what, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < 0x20 && c != '\t') || c == 0x7f) {
                throw new IllegalArgumentException("the value of " + what + " contains a line break or control "
                        + "character (value not shown); pass it on one line");
            }
        }
    }

    /**
     * Removes this endpoint's credentials (credential header values, the API key sent with them, the base
     * URL's user-info and credential query values, {@link UrlCredentials}) from text.
     */
    public Redactor redactor() {
        return Redactor.of(headers, null, UrlCredentials.secrets(baseUrl));
    }

    /** The base URL as it may be printed or written: credentials replaced ({@link UrlCredentials#redacted}). */
    public String baseUrlShown() {
        return UrlCredentials.redacted(baseUrl);
    }

    /** {@link #url} as it may be printed: credentials replaced. */
    public String urlShown(String path) {
        return UrlCredentials.redacted(url(path));
    }

    public boolean tls() {
        return "https".equals(baseUrl.getScheme());
    }

    public int port() {
        return baseUrl.getPort() > 0 ? baseUrl.getPort() : tls() ? 443 : 80;
    }

    /**
     * The absolute URL of {@code path} below the base URL ({@code /models} → {@code .../v1/models}), joined
     * before the base URL's query string, which every request keeps ({@code ?key=...} → {@code /v1/models?key=...}).
     * It may carry credentials: print {@link #urlShown} instead.
     */
    public String url(String path) {
        return UrlCredentials.join(baseUrl, path);
    }

    /**
     * The server root (the base URL without its path), for {@code /tokenize}, {@code /metrics}, {@code /version};
     * the base URL's query string is kept (it may hold the key).
     */
    public String rootUrl(String path) {
        return baseUrl.getScheme() + "://" + baseUrl.getRawAuthority() + path
                + (baseUrl.getRawQuery() == null ? "" : "?" + baseUrl.getRawQuery());
    }

    /** The same endpoint at another base URL on the same server (Preflight appends {@code /v1} when the root has no model list). */
    public Endpoint withBaseUrl(URI newBaseUrl) {
        return new Endpoint(newBaseUrl, api, model, stream, headers, caCert, insecure, http2, connectTimeout,
                idleConnectionTimeout, extraBody, documents);
    }

    public Endpoint withModel(String newModel) {
        return new Endpoint(baseUrl, api, newModel, stream, headers, caCert, insecure, http2, connectTimeout,
                idleConnectionTimeout, extraBody, documents);
    }

    /** The same endpoint sending {@code extra} in every request body. */
    public Endpoint withExtraBody(ExtraBody extra) {
        return new Endpoint(baseUrl, api, model, stream, headers, caCert, insecure, http2, connectTimeout,
                idleConnectionTimeout, extra, documents);
    }

    /** The same endpoint sending {@code count} documents with every rerank or score request. */
    public Endpoint withDocuments(int count) {
        return new Endpoint(baseUrl, api, model, stream, headers, caCert, insecure, http2, connectTimeout,
                idleConnectionTimeout, extraBody, count);
    }

    /** For run.json: everything but header values; the model id as the server named it, credentials removed. */
    public Description describe() {
        return new Description(baseUrlShown(), api.key(), redactor().redact(model), stream,
                api.pairsDocuments() ? documents : null, http2, List.copyOf(headers.keySet()),
                extraBody.isEmpty() ? null : extraBody.describe());
    }

    /**
     * The endpoint as run.json's top level (and probe.json's {@code endpoint}) writes it, in this order.
     *
     * @param documents   documents per request, only for the APIs that pair a query with documents (else absent)
     * @param headerNames the names of the headers sent, never their values
     * @param extraBody   the extra request-body fields with credentials redacted (the user's own JSON), or absent
     */
    public record Description(@JsonProperty(RunDocument.BASE_URL) String baseUrl, @JsonProperty(RunDocument.API) String api,
            @JsonProperty(RunDocument.MODEL) String model, @JsonProperty(RunDocument.STREAM) boolean stream,
            @JsonProperty(RunDocument.DOCUMENTS) @JsonInclude(JsonInclude.Include.NON_NULL) Integer documents,
            @JsonProperty("http2") boolean http2, @JsonProperty("header_names") List<String> headerNames,
            @JsonProperty(RunDocument.EXTRA_BODY) @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode extraBody) {}

    @Override
    public String toString() {
        return "Endpoint[" + describe() + "]";
    }
}
