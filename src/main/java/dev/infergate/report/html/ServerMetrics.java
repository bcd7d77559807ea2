package dev.infergate.report.html;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.infergate.json.JsonLines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code server_metrics.jsonl}: one scrape of the server's metrics per line, as the run's scraper
 * writes it ({@code {"offset_ns": ..., "engine": "vllm", "values": {"running_requests": 8, ...}}}, failed
 * scrapes skipped) or flat,
 * {@code {"t_s": 12.5, "kv_cache_usage": 0.42, "requests_running": 8, "requests_waiting": 3,
 * "prefix_cache_queries_total": 1200, "prefix_cache_hits_total": 700, "preemptions_total": 2}}, where
 * {@code t_s} is seconds since the run's origin (the origin of the request marks) and any metric may be
 * missing. The prefix-cache hit rate is computed per scrape interval from the two counters (or taken as
 * {@code prefix_cache_hit_rate} when the scraper wrote it). Statistics use every scrape; the drawing keeps at
 * most {@link #MAX_POINTS} evenly spaced ones.
 */
final class ServerMetrics {
    static final int MAX_POINTS = 1500;
    /** The series drawn, in page order. */
    static final List<String> SERIES = List.of("kv_cache_usage", "requests_running", "requests_waiting",
            "prefix_cache_hit_rate", "preemptions_total");

    private ServerMetrics() {}

    /** The series of {@code dir}'s scrapes, or null when the file is absent or holds no scrape. */
    static Series read(Path dir, List<String> caveats) {
        Path file = dir.resolve(ReportInputs.SERVER_METRICS_FILE);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        List<JsonNode> scrapes = new ArrayList<>();
        long[] notScrapes = {0};
        long bad;
        try {
            bad = JsonLines.forEach(file, json -> {
                JsonNode n = normalized(json);
                if (n != null && n.path("t_s").isNumber()) {
                    scrapes.add(n);
                } else if (n == null || !n.has("error")) {
                    notScrapes[0]++;
                }
            });
        } catch (java.io.UncheckedIOException e) {
            caveats.add(file.getFileName() + " in " + dir.getFileName() + " could not be read: " + e.getCause().getMessage());
            return null;
        }
        bad += notScrapes[0];
        if (bad > 0) {
            caveats.add(bad + " line(s) of " + file.getFileName() + " in " + dir.getFileName() + " were not scrapes and were skipped");
        }
        return scrapes.isEmpty() ? null : series(scrapes);
    }

    /** The scraper's names ({@code values} of a line) to the names drawn here. */
    private static final Map<String, String> SCRAPER_NAMES = Map.of("running_requests", "requests_running",
            "waiting_requests", "requests_waiting", "kv_cache_usage", "kv_cache_usage",
            "prefix_cache_hits", "prefix_cache_hits_total", "prefix_cache_queries", "prefix_cache_queries_total",
            "prefix_cache_hit_rate", "prefix_cache_hit_rate", "preemptions", "preemptions_total");

    /**
     * A line as {@code MetricsScraper} writes it ({@code {"offset_ns", "engine", "values": {...}}}, or
     * {@code {"offset_ns", "error"}} for a failed scrape) in the flat form above; flat lines pass unchanged.
     */
    static JsonNode normalized(JsonNode line) {
        if (!line.isObject()) {
            return null;
        }
        if (!line.has("offset_ns")) {
            return line;
        }
        ObjectNode flat = ReportInputs.JSON.createObjectNode();
        if (line.has("error") || !line.path("values").isObject()) {
            return flat.put("error", true);
        }
        flat.put("t_s", line.path("offset_ns").asDouble() / 1e9);
        line.path("values").fields().forEachRemaining(e -> {
            String name = SCRAPER_NAMES.get(e.getKey());
            if (name != null && e.getValue().isNumber()) {
                flat.set(name, e.getValue());
            }
        });
        return flat;
    }

    /**
     * The scraped series, thinned to at most {@value #MAX_POINTS} points each, with statistics over every scrape.
     * The series components are {@link #SERIES}, in page order (records are written in component order).
     *
     * @param scrapes how many scrapes were read (all of them count in {@code stats})
     * @param tS      each drawn point's time, seconds since the run's origin
     * @param stats   per series, {min, mean, max, last}; null for a series no scrape had
     */
    record Series(int scrapes, @JsonProperty("t_s") List<Double> tS,
            @JsonProperty("kv_cache_usage") List<Double> kvCacheUsage,
            @JsonProperty("requests_running") List<Double> requestsRunning,
            @JsonProperty("requests_waiting") List<Double> requestsWaiting,
            @JsonProperty("prefix_cache_hit_rate") List<Double> prefixCacheHitRate,
            @JsonProperty("preemptions_total") List<Double> preemptionsTotal, Map<String, Stats> stats) {}

    /** A series' minimum, mean, maximum and last value over the scrapes that had it. */
    record Stats(Double min, Double mean, Double max, Double last) {}

    private static Series series(List<JsonNode> scrapes) {
        scrapes.sort(Comparator.comparingDouble(n -> n.path("t_s").asDouble()));
        int n = scrapes.size();
        double[][] values = new double[SERIES.size()][n];
        for (int i = 0; i < n; i++) {
            JsonNode s = scrapes.get(i);
            for (int k = 0; k < SERIES.size(); k++) {
                values[k][i] = number(s, SERIES.get(k));
            }
            if (Double.isNaN(values[3][i]) && i > 0) {
                double queries = number(s, "prefix_cache_queries_total") - number(scrapes.get(i - 1), "prefix_cache_queries_total");
                double hits = number(s, "prefix_cache_hits_total") - number(scrapes.get(i - 1), "prefix_cache_hits_total");
                values[3][i] = queries > 0 ? hits / queries : Double.NaN;
            }
        }
        int step = Math.max(1, (int) Math.ceil(n / (double) MAX_POINTS));
        List<Double> t = new ArrayList<>();
        for (int i = 0; i < n; i += step) {
            t.add(Num.round3(scrapes.get(i).path("t_s").asDouble()));
        }
        List<List<Double>> drawn = new ArrayList<>();
        Map<String, Stats> stats = new LinkedHashMap<>();
        for (int k = 0; k < SERIES.size(); k++) {
            List<Double> points = new ArrayList<>();
            for (int i = 0; i < n; i += step) {
                points.add(Num.round5(values[k][i]));
            }
            drawn.add(points);
            stats.put(SERIES.get(k), stats(values[k]));
        }
        return new Series(n, t, drawn.get(0), drawn.get(1), drawn.get(2), drawn.get(3), drawn.get(4), stats);
    }

    private static double number(JsonNode scrape, String key) {
        JsonNode v = scrape.get(key);
        return v != null && v.isNumber() ? v.asDouble() : Double.NaN;
    }

    /** {min, mean, max, last} over every scrape that had the metric; null when none had it. */
    private static Stats stats(double[] values) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        double last = Double.NaN;
        int count = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                min = Math.min(min, v);
                max = Math.max(max, v);
                sum += v;
                last = v;
                count++;
            }
        }
        if (count == 0) {
            return null;
        }
        return new Stats(Num.round5(min), Num.round5(sum / count), Num.round5(max), Num.round5(last));
    }
}
