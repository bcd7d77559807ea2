package dev.infergate.metrics;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collections;
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
    public static Values map(Exposition exposition, Engine engine) {
        Map<String, Reading> out = new LinkedHashMap<>();
        for (ServerFigure figure : ServerFigure.values()) {
            for (String name : figure.names(engine)) {
                MetricFamily family = exposition.family(name);
                Reading value = family == null ? null : read(figure, family);
                if (value != null) {
                    out.put(figure.key(), value);
                    break;
                }
            }
        }
        GpuTelemetry.Gpus gpus = GpuTelemetry.map(exposition); // a DCGM exporter's page, or one that holds its names
        if (!gpus.gpus().isEmpty()) {
            out.put(GpuTelemetry.KEY, gpus);
        }
        return new Values(out);
    }

    /**
     * server_metrics.jsonl's {@code values}: each figure read, by {@link ServerFigure#key()} in enum order (a figure the
     * page lacks is absent), then the GPU block when the page had one.
     */
    public record Values(@JsonValue Map<String, Reading> readings) {
        public Values {
            readings = Collections.unmodifiableMap(new LinkedHashMap<>(readings));
        }
    }

    /** One figure's reading: a number, a histogram, or (under {@link GpuTelemetry#KEY}) the GPUs. */
    public sealed interface Reading permits Scalar, Histogram, GpuTelemetry.Gpus {}

    /** A gauge's or a counter's value (summed over series, or their maximum for a share). */
    public record Scalar(@JsonValue double value) implements Reading {}

    /**
     * A histogram summed over series: cumulative counts by upper bound ({@code le} as text, "+Inf" last).
     */
    public record Histogram(double sum, double count, Map<String, Double> buckets) implements Reading {}

    private static Reading read(ServerFigure figure, MetricFamily family) {
        return switch (figure.kind()) {
            case HISTOGRAM -> histogram(family);
            case GAUGE -> scalar(family, figure == ServerFigure.KV_CACHE_USAGE);
            case COUNTER -> scalar(family, false);
        };
    }

    /** The sum (or max) of the family's plain samples; null when it has none. */
    private static Scalar scalar(MetricFamily family, boolean max) {
        Double result = null;
        for (Sample s : family.samples()) {
            if (s.name().endsWith("_created") || Double.isNaN(s.value())) {
                continue;
            }
            result = result == null ? s.value() : max ? Math.max(result, s.value()) : result + s.value();
        }
        return result == null ? null : new Scalar(result);
    }

    private static Histogram histogram(MetricFamily family) {
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
        Map<String, Double> b = new LinkedHashMap<>();
        buckets.forEach((le, c) -> b.put(le.isInfinite() ? "+Inf" : Double.toString(le), c));
        return new Histogram(sum, count, b);
    }
}
