package dev.infergate.analysis;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * summary.json's {@code server} block: what the server's own /metrics said over the measured window (see
 * {@link ServerMetricsSummary}). Figures are keyed as in server_metrics.jsonl ({@code dev.infergate.metrics.ServerFigure});
 * those the server does not report are listed in {@code absent}, never given as zero.
 *
 * @param engine       the engine the scrapes recognised (vllm, sglang, ...); null without a good scrape
 * @param scrapeErrors lines that were not a good scrape (a torn last line of a killed run, an error)
 * @param figures      in the registry's order: counters as their delta, gauges as p50/max, histograms as quantiles
 * @param absent       figures the server did not report; null when there was no good scrape
 * @param simulator    infergate's simulator's own lag over the run ({@link SimulatorLag}); null for any other server
 * @param simulatorUnproven the server served the simulator's series without proving it is infergate's simulator
 *                     ({@code dev.infergate.attest.SimulatorAttestation#UNPROVEN}): its word was not used; else null
 */
public record ServerFigures(String engine, int scrapes, long scrapeErrors, Map<String, Value> figures, List<String> absent,
        SimulatorLag.Figures simulator, String simulatorUnproven) {
    public ServerFigures {
        figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
        absent = absent == null ? null : List.copyOf(absent);
    }

    /** The block of a server that is not infergate's simulator. */
    public ServerFigures(String engine, int scrapes, long scrapeErrors, Map<String, Value> figures, List<String> absent) {
        this(engine, scrapes, scrapeErrors, figures, absent, null, null);
    }

    /** The block of a server that proved it is infergate's simulator (or of any other server: {@code simulator} null). */
    public ServerFigures(String engine, int scrapes, long scrapeErrors, Map<String, Value> figures, List<String> absent,
            SimulatorLag.Figures simulator) {
        this(engine, scrapes, scrapeErrors, figures, absent, simulator, null);
    }

    /** One server figure's value over the window. */
    public sealed interface Value permits Amount, Gauge, Histogram {}

    /** A counter's increase over the window, or a rate: one number. */
    public record Amount(double value) implements Value {
        @JsonValue
        double json() {
            return value;
        }
    }

    /** A gauge sampled over the window: its median and maximum. */
    public record Gauge(double p50, double max, int samples) implements Value {}

    /**
     * A server-side histogram's increase over the window: observations, and (when there were any) the mean and
     * the quantiles interpolated within buckets, ms (a quantile in the +Inf bucket is null).
     */
    public record Histogram(long count, Double meanMs, Double p50Ms, Double p90Ms) implements Value {
        /** The JSON shape: the quantiles are written even when null (in the +Inf bucket), but only with samples. */
        @JsonValue
        Record json() {
            return count > 0 ? new Observed(count, meanMs, p50Ms, p90Ms) : new Unobserved(count);
        }

        @JsonInclude(JsonInclude.Include.ALWAYS)
        private record Observed(long count, @JsonProperty("mean_ms") Double meanMs, @JsonProperty("p50_ms") Double p50Ms,
                @JsonProperty("p90_ms") Double p90Ms) {}

        private record Unobserved(long count) {}
    }

    /** The counter or rate named {@code key}; null when absent or not one number. */
    public Double amount(String key) {
        return figures.get(key) instanceof Amount a ? a.value() : null;
    }

    /** The gauge named {@code key}; null when absent or not a gauge. */
    public Gauge gauge(String key) {
        return figures.get(key) instanceof Gauge g ? g : null;
    }

    /** The JSON shape: engine, scrape counts, then each figure under its key, then absent. */
    @JsonValue
    Map<String, Object> json() { // JSON edge: the figures' keys are the server's metric names, known only at run time
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", engine);
        m.put("scrapes", scrapes);
        m.put("scrape_errors", scrapeErrors);
        m.putAll(figures);
        if (absent != null) {
            m.put("absent", absent);
        }
        if (simulator != null) {
            m.put("simulator", simulator);
        }
        if (simulatorUnproven != null) {
            m.put("simulator_unproven", simulatorUnproven);
        }
        return m;
    }
}
