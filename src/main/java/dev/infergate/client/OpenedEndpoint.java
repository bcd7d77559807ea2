package dev.infergate.client;

/**
 * An HTTP client opened on an endpoint and checked by the {@link Preflight}: where every command that sends
 * requests starts (run, probe, quality, the benchmarks). The client already uses the model the preflight
 * settled on (and the base URL, when {@code /v1} had to be appended). Closing it closes the client.
 */
public final class OpenedEndpoint implements AutoCloseable {
    private final HttpExecutor http;
    private final Preflight.Result server;

    private OpenedEndpoint(HttpExecutor http, Preflight.Result server) {
        this.http = http;
        this.server = server;
    }

    /**
     * Opens a client on {@code endpoint} and runs the preflight; the client is closed again when the preflight fails.
     *
     * @param maxConnections the most connections the client may open (one per request in flight)
     * @param eventLoops     the client's I/O threads, at least 1
     * @param exactOutput    whether to try {@code ignore_eos}/{@code min_tokens} at all
     * @param apiKeyEnv      the environment variable the key comes from (named in error messages only)
     * @param apiKeySet      whether a key was found there
     * @throws Preflight.Failure when the server cannot be reached or the model is unknown (the message names the fix)
     */
    public static OpenedEndpoint open(Endpoint endpoint, int maxConnections, int eventLoops, boolean exactOutput,
            String apiKeyEnv, boolean apiKeySet) throws Preflight.Failure {
        HttpExecutor http = new HttpExecutor(endpoint, maxConnections, eventLoops);
        try {
            Preflight.Result server = Preflight.run(http, endpoint.model(), exactOutput, apiKeyEnv, apiKeySet);
            http.useModel(server.model());
            return new OpenedEndpoint(http, server);
        } catch (Preflight.Failure | RuntimeException e) {
            http.close();
            throw e;
        }
    }

    /** The client, on the model and base URL the preflight settled on. */
    public HttpExecutor http() {
        return http;
    }

    /** What the server said about itself in the preflight. */
    public Preflight.Result server() {
        return server;
    }

    @Override
    public void close() {
        http.close();
    }
}
