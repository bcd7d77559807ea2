package dev.infergate.attest;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * A client's check that the server of a metrics URL is infergate's simulator: a fresh nonce to
 * {@code GET /sim/attest?nonce=}, its answer checked with the key the client holds for that server
 * ({@link SimulatorKeys}). Until it has passed, the server's series of its own lateness and its per-request delays
 * are its word only, and not used.
 */
public final class SimulatorAttestation {
    /** Said (and recorded) when a server serves the simulator's series but did not prove it is the simulator. */
    public static final String UNPROVEN = "the server serves infergate-sim series but did not prove it is infergate's"
            + " simulator: its own word is not used";
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** An answer is 64 hex digits: anything much longer is not one, and is not read further. */
    private static final int MAX_ANSWER_CHARS = 256;

    private SimulatorAttestation() {}

    /** Whether the server of {@code metricsUrl} proves it holds the key this client has for it; false without a key. */
    public static boolean proves(HttpClient http, URI metricsUrl, Map<String, String> headers) {
        return proves(http, metricsUrl, headers, SimulatorKeys.forUrl(metricsUrl));
    }

    /** As above, with the key given (empty: nothing to check with, so false and no request). */
    public static boolean proves(HttpClient http, URI metricsUrl, Map<String, String> headers, Optional<SimulatorKey> key) {
        if (key.isEmpty()) {
            return false;
        }
        String nonce = SimulatorKey.nonce();
        try {
            HttpRequest.Builder req = HttpRequest.newBuilder(metricsUrl.resolve("/sim/attest?nonce=" + nonce))
                    .timeout(TIMEOUT).GET();
            headers.forEach(req::header);
            HttpResponse<java.io.InputStream> resp = http.send(req.build(), HttpResponse.BodyHandlers.ofInputStream());
            String body;
            try (java.io.InputStream in = resp.body()) { // read no further than an answer can be: the bytes are a server's
                body = new String(in.readNBytes(MAX_ANSWER_CHARS + 1), StandardCharsets.US_ASCII);
            }
            return resp.statusCode() == 200 && body.length() <= MAX_ANSWER_CHARS && key.get().proves(nonce, body);
        } catch (IOException | RuntimeException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
