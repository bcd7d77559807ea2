package dev.infergate.accept;

import dev.infergate.metrics.Exposition;
import dev.infergate.metrics.MetricFamily;
import dev.infergate.metrics.PrometheusTextParser;
import dev.infergate.metrics.Sample;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Reads how much model time infergate's own simulator lost to stalls (its engine thread too far behind its step
 * timeline on a starved machine), from the counter {@value #COUNTER} on its {@code /metrics} page. A probe during
 * which the simulator stalled measured this machine, not the profile: a capacity search must not decide on it
 * (docs/acceptance.md, "Capacity at the SLO"; Measurement.serverStalled), and no client can see it from its side of the connection.
 *
 * <p>Any other server has no such counter: the reading is then NaN (unknown) and changes nothing. So is a page
 * that cannot be fetched or read. No request header is sent (the API key stays with the endpoint's requests).
 */
final class SimulatorStalls {
    /** The simulator's counter (sim/http/MetricsText), in seconds. */
    static final String COUNTER = "infergate_sim_engine_stall_seconds_total";
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    /** The counter's value in seconds, or NaN when the page has none or cannot be read. */
    double stalledSeconds(URI metrics) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(metrics).timeout(TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? counter(response.body()) : Double.NaN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Double.NaN;
        } catch (Exception e) { // a server without /metrics, a torn page: unknown, never a stall
            return Double.NaN;
        }
    }

    /** The counter's value on a Prometheus page, or NaN without it. */
    static double counter(String page) {
        Exposition exposition = PrometheusTextParser.parse(page);
        for (MetricFamily family : exposition.all()) {
            for (Sample s : family.samples()) {
                if (COUNTER.equals(s.name())) {
                    return s.value();
                }
            }
        }
        return Double.NaN;
    }

    /** The share of {@code wallSeconds} lost between two readings; NaN when either is unknown. */
    static double share(double beforeSeconds, double afterSeconds, double wallSeconds) {
        if (Double.isNaN(beforeSeconds) || Double.isNaN(afterSeconds) || !(wallSeconds > 0)) {
            return Double.NaN;
        }
        return Math.max(0, afterSeconds - beforeSeconds) / wallSeconds;
    }
}
