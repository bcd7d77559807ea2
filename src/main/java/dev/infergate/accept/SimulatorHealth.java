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
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads how far infergate's own simulator fell behind its model on a starved machine, from its {@code /metrics}
 * page (docs/simulator.md): model time its engine thread lost ({@value #STALL_COUNTER}) and how late tokens
 * reached their connections ({@value #LATENESS_BUCKETS}). A probe during which the simulator ran late measured
 * this machine, not the profile, and no client can see that from its side of the connection, so a capacity
 * search must not decide on it (docs/acceptance.md, "Capacity at the SLO"; Measurement.serverStalled).
 *
 * <p>Any other server has neither series: its snapshot is empty and changes nothing. So is a page that cannot
 * be fetched or read. No request header is sent (the API key stays with the endpoint's requests).
 */
final class SimulatorHealth {
    static final String STALL_COUNTER = "infergate_sim_engine_stall_seconds_total";
    static final String LATENESS_BUCKETS = "infergate_sim_dispatch_lateness_seconds_bucket";
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    /**
     * One reading of the page.
     *
     * @param stalledSeconds the stall counter; NaN without it
     * @param lateness       cumulative token counts by upper bound in seconds (+Inf included); empty without it
     */
    record Snapshot(double stalledSeconds, TreeMap<Double, Double> lateness) {
        static final Snapshot UNKNOWN = new Snapshot(Double.NaN, new TreeMap<>());

        /** The share of {@code wallSeconds} the engine lost since {@code before}; NaN when either is unknown. */
        double stalledShareSince(Snapshot before, double wallSeconds) {
            if (Double.isNaN(before.stalledSeconds) || Double.isNaN(stalledSeconds) || !(wallSeconds > 0)) {
                return Double.NaN;
            }
            return Math.max(0, stalledSeconds - before.stalledSeconds) / wallSeconds;
        }

        /**
         * The 99th percentile of token lateness since {@code before}, in ms, as the upper bound of the bucket it
         * falls in (so never understated below the next bound; +Inf reads as the largest finite bound); NaN when
         * unknown or when no token left in between.
         */
        double latenessP99MillisSince(Snapshot before) {
            if (lateness.isEmpty() || before.lateness.isEmpty()) {
                return Double.NaN;
            }
            double total = lateness.lastEntry().getValue() - before.lateness.lastEntry().getValue();
            if (!(total > 0)) {
                return Double.NaN;
            }
            double largestFinite = lateness.headMap(Double.POSITIVE_INFINITY).isEmpty() ? Double.NaN
                    : lateness.headMap(Double.POSITIVE_INFINITY).lastKey();
            for (Map.Entry<Double, Double> e : lateness.entrySet()) {
                double below = e.getValue() - before.lateness.getOrDefault(e.getKey(), 0.0);
                if (below >= 0.99 * total) {
                    return (Double.isInfinite(e.getKey()) ? largestFinite : e.getKey()) * 1000;
                }
            }
            return largestFinite * 1000;
        }
    }

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    /** The page at {@code metrics} now; {@link Snapshot#UNKNOWN} when it cannot be read. */
    Snapshot read(URI metrics) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(metrics).timeout(TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? parse(response.body()) : Snapshot.UNKNOWN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Snapshot.UNKNOWN;
        } catch (Exception e) { // a server without /metrics, a torn page: unknown, never a stall
            return Snapshot.UNKNOWN;
        }
    }

    /** The simulator's two series on a Prometheus page (absent ones unknown). */
    static Snapshot parse(String page) {
        Exposition exposition = PrometheusTextParser.parse(page);
        double stalled = Double.NaN;
        TreeMap<Double, Double> lateness = new TreeMap<>();
        for (MetricFamily family : exposition.all()) {
            for (Sample s : family.samples()) {
                if (STALL_COUNTER.equals(s.name())) {
                    stalled = s.value();
                } else if (LATENESS_BUCKETS.equals(s.name()) && s.label("le") != null) {
                    String le = s.label("le");
                    lateness.merge("+Inf".equals(le) ? Double.POSITIVE_INFINITY : Double.parseDouble(le), s.value(), Double::sum);
                }
            }
        }
        return new Snapshot(stalled, lateness);
    }
}
