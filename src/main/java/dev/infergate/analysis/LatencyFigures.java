package dev.infergate.analysis;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * summary.json's {@code latency_ms} block: one {@link Percentiles} per {@link Metric#latencyBlock()} metric, in
 * milliseconds, written under each metric's key in the registry's order.
 */
public record LatencyFigures(Map<Metric, Percentiles> byMetric) {
    public LatencyFigures {
        for (Metric m : Metric.latencyBlock()) {
            if (!byMetric.containsKey(m)) {
                throw new IllegalArgumentException("byMetric lacks " + m.key());
            }
        }
        byMetric = Collections.unmodifiableMap(new EnumMap<>(byMetric));
    }

    public Percentiles get(Metric metric) {
        Percentiles p = byMetric.get(metric);
        if (p == null) {
            throw new IllegalArgumentException(metric.key() + " is not in the latency block");
        }
        return p;
    }

    /** The JSON shape: key to figures, in the registry's order. */
    @JsonValue
    Map<String, Percentiles> json() {
        Map<String, Percentiles> m = new LinkedHashMap<>();
        byMetric.forEach((k, v) -> m.put(k.key(), v));
        return m;
    }
}
