package dev.infergate.metrics;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads the common {@link ServerFigure}s out of a parsed {@code /metrics} page. Series of one family (e.g. one
 * per model or engine) are added up, except KV-cache usage, where the largest is kept. A figure the server
 * does not report is left out of the result, never set to zero.
 *
 * <p>Values: a counter or gauge is a number; a histogram is {@code {"sum": s, "count": n, "buckets":
 * {"<le>": cumulative count, ..., "+Inf": n}}}, in the family's unit (seconds).
 */
public final class ServerMetricsMapping {
    private ServerMetricsMapping() {}

    /** The figures {@code exposition} holds, by {@link ServerFigure#key()}, in enum order. */
    public static Map<String, Object> map(Exposition exposition, Engine engine) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (ServerFigure figure : ServerFigure.values()) {
            for (String name : figure.names(engine)) {
                MetricFamily family = exposition.family(name);
                Object value = family == null ? null : read(figure, family);
                if (value != null) {
                    out.put(figure.key(), value);
                    break;
                }
            }
        }
        Map<String, Map<String, Object>> gpus = GpuTelemetry.map(exposition); // a DCGM exporter's page, or one that holds its names
        if (!gpus.isEmpty()) {
            out.put(GpuTelemetry.KEY, gpus);
        }
        return out;
    }

    private static Object read(ServerFigure figure, MetricFamily family) {
        return switch (figure.kind()) {
            case HISTOGRAM -> histogram(family);
            case GAUGE -> scalar(family, figure == ServerFigure.KV_CACHE_USAGE);
            case COUNTER -> scalar(family, false);
        };
    }

    /** The sum (or max) of the family's plain samples; null when it has none. */
    private static Double scalar(MetricFamily family, boolean max) {
        Double result = null;
        for (Sample s : family.samples()) {
            if (s.name().endsWith("_created") || Double.isNaN(s.value())) {
                continue;
            }
            result = result == null ? s.value() : max ? Math.max(result, s.value()) : result + s.value();
        }
        return result;
    }

    private static Map<String, Object> histogram(MetricFamily family) {
        TreeMap<Double, Double> buckets = new TreeMap<>();
        double sum = 0;
        double count = 0;
        boolean seen = false;
        for (Sample s : family.samples()) {
            String n = s.name();
            if (n.endsWith("_bucket") && s.label("le") != null) {
                buckets.merge(PrometheusTextParser.value(s.label("le")), s.value(), Double::sum);
                seen = true;
            } else if (n.endsWith("_sum")) {
                sum += s.value();
            } else if (n.endsWith("_count")) {
                count += s.value();
                seen = true;
            }
        }
        if (!seen) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sum", sum);
        m.put("count", count);
        Map<String, Double> b = new LinkedHashMap<>();
        buckets.forEach((le, c) -> b.put(le.isInfinite() ? "+Inf" : Double.toString(le), c));
        m.put("buckets", b);
        return m;
    }
}
