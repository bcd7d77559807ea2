package dev.infergate.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.infergate.json.Json;
import dev.infergate.record.AtomicFiles;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Fetches, once a run has ended, infergate's simulator's own delay behind its model for each request of the run
 * ({@code GET /sim/request-delays?prefix=<the run's X-Request-Id prefix>}) into {@link RunLog#SIMULATOR_DELAYS_FILE}:
 * what lets a comparison take each request's own delay off its figures instead of assuming every request was as
 * late as the run's latest token (analysis.compare.Lateness). Only for a server whose {@code /metrics} carried the
 * simulator's series; after the load, never on an event loop. Every line is checked (a request id of digits, two
 * finite non-negative delays) and written anew: a server's bytes are never copied into a result.
 */
final class SimulatorDelayFetch {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** Far more than a run can have: the simulator keeps 200,000. */
    private static final int MAX_LINES = 1_000_000;

    private SimulatorDelayFetch() {}

    /**
     * Fetches the delays of the requests named {@code prefix + id} from the server of {@code metricsUrl} into
     * {@code dir}; false (and no file) when the server does not answer them.
     */
    static boolean fetch(HttpClient http, URI metricsUrl, Map<String, String> headers, String prefix, Path dir) {
        try {
            URI url = metricsUrl.resolve("/sim/request-delays?prefix=" + URLEncoder.encode(prefix, StandardCharsets.UTF_8));
            HttpRequest.Builder req = HttpRequest.newBuilder(url).timeout(TIMEOUT).GET();
            headers.forEach(req::header);
            HttpResponse<String> resp = http.send(req.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            if (resp.statusCode() != 200) {
                return false;
            }
            StringBuilder out = new StringBuilder();
            int lines = 0;
            for (String line : resp.body().split("\n")) {
                ObjectNode checked = checked(line);
                if (checked != null && lines++ < MAX_LINES) {
                    out.append(Json.COMPACT.writeValueAsString(checked)).append('\n');
                }
            }
            AtomicFiles.writeString(dir.resolve(RunLog.SIMULATOR_DELAYS_FILE), out.toString());
            return true;
        } catch (IOException | RuntimeException e) {
            return false; // the run stands without them: a comparison bounds its requests by the run-wide lateness
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The line as a fresh object when it is one request's delays, else null. */
    private static ObjectNode checked(String line) {
        if (line.isBlank()) {
            return null;
        }
        JsonNode json;
        try {
            json = Json.COMPACT.readTree(line);
        } catch (IOException e) {
            return null;
        }
        String id = json.path("id").asText("");
        double first = json.path("first_token_ms").asDouble(Double.NaN);
        double end = json.path("end_ms").asDouble(Double.NaN);
        if (!id.matches("[0-9]{1,18}") || !(first >= 0) || !(end >= 0) || Double.isInfinite(first) || Double.isInfinite(end)) {
            return null;
        }
        ObjectNode o = Json.COMPACT.createObjectNode();
        o.put("id", Long.parseLong(id));
        o.put("first_token_ms", first);
        o.put("end_ms", end);
        return o;
    }
}
