package dev.infergate.metrics;

import java.util.Collection;
import java.util.Map;

/** A parsed {@code /metrics} page: its families by name, in the order they appeared. */
public record Exposition(Map<String, MetricFamily> families) {
    public Exposition {
        families = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(families));
    }

    /** The family {@code name}, or null. */
    public MetricFamily family(String name) {
        return families.get(name);
    }

    public Collection<MetricFamily> all() {
        return families.values();
    }
}
