package dev.infergate.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.attest.SimulatorAttestation;
import dev.infergate.json.JsonLines;
import dev.infergate.metrics.ServerFigure;
import dev.infergate.record.RunLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code server} block of summary.json, from {@code server_metrics.jsonl} (written by the scraper during
 * the run) and the measured window:
 *
 * <ul>
 *   <li>counters: the delta between the last scrape at or before the window's start (else the first) and
 *       the first scrape at or after its end (else the last), so the window is covered whole, give or take one
 *       scrape period; a negative delta (a server restart) counts from zero;
 *   <li>gauges: {@code {p50, max}} over the scrapes inside the window (all scrapes when none falls inside);
 *   <li>histograms: from the deltas of their buckets, sum and count: {@code {count, mean_ms, p50_ms, p90_ms}},
 *       quantiles interpolated linearly within a bucket as Prometheus' {@code histogram_quantile} does;
 *   <li>{@code prefix_cache_hit_rate}: delta of hits / delta of queries when the server has both counters,
 *       else the median of its own hit-rate gauge.
 * </ul>
 *
 * Figures the server does not report are listed under {@code absent}, never given as zero. On infergate's
 * simulator, {@code simulator} holds its own lag over the whole run ({@link SimulatorLag}: first to last scrape).
 */
public final class ServerMetricsSummary {
    private static final String FILE = RunLog.SERVER_METRICS_FILE;

    private ServerMetricsSummary() {}

    /** One line of the file. */
    record Scrape(long offsetNanos, String engine, JsonNode values, boolean simulatorUnproven) {}

    /** The block, or null when the run has no server_metrics.jsonl. */
    public static ServerFigures summarize(Path runDir, long windowStartNanos, long windowEndNanos) {
        Path file = runDir.resolve(FILE);
        if (!Files.exists(file)) {
            return null;
        }
        List<Scrape> scrapes = new ArrayList<>();
        long errors = read(file, scrapes);
        if (scrapes.isEmpty()) {
            return new ServerFigures(null, 0, errors, Map.of(), null);
        }
        Map<String, ServerFigures.Value> m = new LinkedHashMap<>();
        Scrape first = scrapes.get(0);
        Scrape last = scrapes.get(scrapes.size() - 1);
        for (Scrape s : scrapes) {
            if (s.offsetNanos() <= windowStartNanos) {
                first = s;
            }
        }
        for (int i = scrapes.size() - 1; i >= 0; i--) {
            if (scrapes.get(i).offsetNanos() >= windowEndNanos) {
                last = scrapes.get(i);
            }
        }
        List<Scrape> inside = scrapes.stream()
                .filter(s -> s.offsetNanos() >= windowStartNanos && s.offsetNanos() <= windowEndNanos).toList();
        if (inside.isEmpty()) {
            inside = scrapes;
        }
        List<String> absent = new ArrayList<>();
        for (ServerFigure f : ServerFigure.values()) {
            ServerFigures.Value value = switch (f.kind()) {
                case COUNTER -> counterDelta(first, last, f.key());
                case GAUGE -> gauge(inside, f.key());
                case HISTOGRAM -> histogram(first, last, f.key());
            };
            if (value == null) {
                absent.add(f.key());
            } else {
                m.put(f.key(), value);
            }
        }
        String hitRate = ServerFigure.PREFIX_CACHE_HIT_RATE.key();
        if (m.get(ServerFigure.PREFIX_CACHE_HITS.key()) instanceof ServerFigures.Amount h
                && m.get(ServerFigure.PREFIX_CACHE_QUERIES.key()) instanceof ServerFigures.Amount q && q.value() > 0) {
            m.put(hitRate, new ServerFigures.Amount(Distribution.round(h.value() / q.value())));
            absent.remove(hitRate);
        } else if (m.get(hitRate) instanceof ServerFigures.Gauge g) {
            m.put(hitRate, new ServerFigures.Amount(g.p50()));
        }
        return new ServerFigures(scrapes.get(scrapes.size() - 1).engine(), scrapes.size(), errors, m, absent,
                SimulatorLag.read(runDir).figures(),
                scrapes.stream().anyMatch(Scrape::simulatorUnproven) ? SimulatorAttestation.UNPROVEN : null);
    }

    private static long read(Path file, List<Scrape> scrapes) {
        long[] errors = {0};
        long unparsed = JsonLines.forEach(file, json -> { // a line that is not JSON: the torn last line of a killed run
            if (!json.isObject() || json.has("error") || !json.path("values").isObject()) {
                errors[0]++;
            } else {
                scrapes.add(new Scrape(json.path("offset_ns").longValue(), json.path("engine").textValue(), json.get("values"),
                        json.has("simulator_unproven")));
            }
        });
        return errors[0] + unparsed;
    }

    private static ServerFigures.Amount counterDelta(Scrape first, Scrape last, String key) {
        JsonNode end = last.values().path(key);
        if (!end.isNumber()) {
            return null;
        }
        double delta = end.doubleValue() - number(first.values(), key);
        return new ServerFigures.Amount(delta < 0 ? end.doubleValue() : delta);
    }

    private static ServerFigures.Gauge gauge(List<Scrape> scrapes, String key) {
        double[] values = scrapes.stream().map(s -> s.values().path(key)).filter(JsonNode::isNumber)
                .mapToDouble(JsonNode::doubleValue).sorted().toArray();
        if (values.length == 0) {
            return null;
        }
        return new ServerFigures.Gauge(Distribution.round(Quantiles.ofSorted(values, 50)),
                Distribution.round(values[values.length - 1]), values.length);
    }

    private static ServerFigures.Histogram histogram(Scrape first, Scrape last, String key) {
        JsonNode end = last.values().path(key);
        if (!end.isObject()) {
            return null;
        }
        JsonNode start = first.values().path(key).isObject() ? first.values().get(key) : null;
        double count = number(end, "count") - (start == null ? 0 : number(start, "count"));
        double sum = number(end, "sum") - (start == null ? 0 : number(start, "sum"));
        TreeMap<Double, Double> buckets = new TreeMap<>();
        bucketsOf(end).forEach((le, c) -> buckets.put(le, c));
        if (start != null) {
            bucketsOf(start).forEach((le, c) -> buckets.computeIfPresent(le, (k, v) -> v - c));
        }
        if (count <= 0) {
            return new ServerFigures.Histogram(Math.round(count), null, null, null);
        }
        return new ServerFigures.Histogram(Math.round(count), Distribution.round(sum / count * 1e3),
                quantileMillis(buckets, count, 0.5), quantileMillis(buckets, count, 0.9));
    }

    /** Linear interpolation within the bucket holding rank {@code q * count}; null when it is the +Inf bucket. */
    static Double quantileMillis(TreeMap<Double, Double> cumulative, double count, double q) {
        double rank = q * count;
        double lowerBound = 0;
        double lowerCount = 0;
        for (Map.Entry<Double, Double> b : cumulative.entrySet()) {
            if (b.getValue() >= rank) {
                if (b.getKey().isInfinite()) {
                    return null;
                }
                double inBucket = b.getValue() - lowerCount;
                double fraction = inBucket <= 0 ? 1 : (rank - lowerCount) / inBucket;
                return Distribution.round((lowerBound + (b.getKey() - lowerBound) * fraction) * 1e3);
            }
            lowerBound = b.getKey();
            lowerCount = b.getValue();
        }
        return null;
    }

    private static TreeMap<Double, Double> bucketsOf(JsonNode histogram) {
        TreeMap<Double, Double> out = new TreeMap<>();
        histogram.path("buckets").properties().forEach(b -> out.put(
                b.getKey().equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(b.getKey()), b.getValue().doubleValue()));
        return out;
    }

    /** {@code node.key} as a number; 0 when absent or not a number. */
    private static double number(JsonNode node, String key) {
        JsonNode v = node.path(key);
        return v.isNumber() ? v.doubleValue() : 0;
    }
}
