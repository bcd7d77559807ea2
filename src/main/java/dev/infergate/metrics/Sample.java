package dev.infergate.metrics;

import java.util.Map;

/**
 * One sample line of the Prometheus text format.
 *
 * @param name            the sample's name as written, e.g. {@code vllm:e2e_request_latency_seconds_bucket}
 * @param labels          label names to values, unescaped, in written order
 * @param value           the value; {@code +Inf}, {@code -Inf} and {@code NaN} included
 * @param timestampMillis the optional timestamp, milliseconds since the epoch, or null
 */
public record Sample(String name, Map<String, String> labels, double value, Long timestampMillis) {
    public Sample {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("sample name (" + name + ") must not be empty");
        }
        labels = labels == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(labels));
    }

    /** The value of label {@code name}, or null. */
    public String label(String name) {
        return labels.get(name);
    }
}
