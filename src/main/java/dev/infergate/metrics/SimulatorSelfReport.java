package dev.infergate.metrics;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What infergate's own simulator says of its lag behind its model on its {@code /metrics} page
 * (docs/simulator.md): the model time its engine thread lost to stalls ({@value #STALL_COUNTER}) and how late
 * tokens reached their connections ({@value #LATENESS_BUCKETS}). A simulator starved of CPU serves less, and
 * later, than its profile says, and no client can see that from its side of the connection; these two series are
 * how a run tells (analysis.SimulatorLag). Any other server has neither: its report is {@link #NONE}.
 *
 * @param stalledSeconds the stall counter, seconds; NaN without it
 * @param lateness       cumulative token counts by upper bound in seconds (+Inf included); empty without it
 */
public record SimulatorSelfReport(double stalledSeconds, TreeMap<Double, Double> lateness) {
    public static final String STALL_COUNTER = "infergate_sim_engine_stall_seconds_total";
    public static final String LATENESS_BUCKETS = "infergate_sim_dispatch_lateness_seconds_bucket";
    /** The report of a server that is not infergate's simulator. */
    public static final SimulatorSelfReport NONE = new SimulatorSelfReport(Double.NaN, new TreeMap<>());

    /** The page is the server's, so untrusted: a negative or non-finite count, or a bound that is not a number, is unknown. */
    public SimulatorSelfReport {
        stalledSeconds = Double.isFinite(stalledSeconds) && stalledSeconds >= 0 ? stalledSeconds : Double.NaN;
        TreeMap<Double, Double> kept = new TreeMap<>();
        lateness.forEach((le, count) -> {
            if (le != null && count != null && !le.isNaN() && le >= 0 && Double.isFinite(count) && count >= 0) {
                kept.put(le, count);
            }
        });
        lateness = kept;
    }

    /** Whether the page carried either series. */
    public boolean present() {
        return !Double.isNaN(stalledSeconds) || !lateness.isEmpty();
    }

    /** The simulator's two series on a parsed page (absent ones unknown). */
    public static SimulatorSelfReport of(Exposition exposition) {
        double stalled = Double.NaN;
        TreeMap<Double, Double> lateness = new TreeMap<>();
        for (MetricFamily family : exposition.all()) {
            for (Sample s : family.samples()) {
                if (STALL_COUNTER.equals(s.name())) {
                    stalled = s.value();
                } else if (LATENESS_BUCKETS.equals(s.name()) && s.label("le") != null) {
                    lateness.merge(PrometheusTextParser.value(s.label("le")), s.value(), Double::sum);
                }
            }
        }
        return new SimulatorSelfReport(stalled, lateness);
    }

    /** The report a line of server_metrics.jsonl carries ({@link #json()}); absent parts unknown. */
    public static SimulatorSelfReport fromJson(JsonNode simulator) {
        JsonNode stalled = simulator.path("stalled_seconds");
        TreeMap<Double, Double> lateness = new TreeMap<>();
        simulator.path("lateness_seconds").properties().forEach(b -> {
            if (b.getValue().isNumber()) {
                lateness.put(PrometheusTextParser.value(b.getKey()), b.getValue().doubleValue());
            }
        });
        return new SimulatorSelfReport(stalled.isNumber() ? stalled.doubleValue() : Double.NaN, lateness);
    }

    /** The report as one line of server_metrics.jsonl carries it: {@code {"stalled_seconds", "lateness_seconds": {"le": count}}}. */
    public Block json() {
        Map<String, Double> buckets = new LinkedHashMap<>();
        lateness.forEach((le, count) -> buckets.put(le.isInfinite() ? "+Inf" : Double.toString(le), count));
        return new Block(Double.isNaN(stalledSeconds) ? null : stalledSeconds, buckets.isEmpty() ? null : buckets);
    }

    /**
     * The report as server_metrics.jsonl writes it; each part absent when the page did not carry it.
     *
     * @param latenessSeconds cumulative counts by upper bound ({@code le}, "+Inf" last)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Block(@JsonProperty("stalled_seconds") Double stalledSeconds,
            @JsonProperty("lateness_seconds") Map<String, Double> latenessSeconds) {}
}
