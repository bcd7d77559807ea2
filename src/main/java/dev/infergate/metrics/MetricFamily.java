package dev.infergate.metrics;

import java.util.List;

/**
 * A metric family: a name, its declared type and help, and its samples. A histogram's family {@code x}
 * holds its {@code x_bucket}, {@code x_sum} and {@code x_count} samples; a counter's family {@code x} holds
 * {@code x_total} (and {@code x_created}).
 */
public record MetricFamily(String name, MetricType type, String help, List<Sample> samples) {
    public MetricFamily {
        if (name == null || type == null) {
            throw new IllegalArgumentException("family name (" + name + ") and type (" + type + ") must be set");
        }
        samples = List.copyOf(samples);
    }
}
