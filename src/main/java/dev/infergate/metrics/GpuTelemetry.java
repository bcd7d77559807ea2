package dev.infergate.metrics;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * GPU figures from NVIDIA's DCGM exporter ({@code dcgm-exporter}, Prometheus text, usually on port 9400), by GPU
 * (its {@code gpu} label, the device index): utilisation, frame-buffer memory used, power draw and SM clock. The
 * exporter writes each as a gauge with labels such as {@code gpu="0"}, {@code UUID}, {@code device},
 * {@code modelName} and {@code Hostname}; GPUs of several hosts are told apart by {@code Hostname}. A figure the
 * exporter does not send (its counter set is configurable) is left out, never zero.
 *
 * <p>Written into each scrape's values as {@code "gpu": {"0": {"util_pct": 87, "fb_used_mib": 70123,
 * "power_w": 612.5, "sm_clock_mhz": 1980, "model": "NVIDIA H100 80GB HBM3"}, ...}}.
 */
public final class GpuTelemetry {
    /** The key of the block in a scrape's values. */
    public static final String KEY = "gpu";

    /** The DCGM field, the key infergate writes, and its unit in the key's name. */
    enum Field {
        GPU_UTIL("DCGM_FI_DEV_GPU_UTIL", "util_pct"),
        FB_USED("DCGM_FI_DEV_FB_USED", "fb_used_mib"),
        POWER_USAGE("DCGM_FI_DEV_POWER_USAGE", "power_w"),
        SM_CLOCK("DCGM_FI_DEV_SM_CLOCK", "sm_clock_mhz");

        final String family;
        final String key;

        Field(String family, String key) {
            this.family = family;
            this.key = key;
        }
    }

    /** The keys written per GPU, for readers. */
    public static final List<String> KEYS = List.of("util_pct", "fb_used_mib", "power_w", "sm_clock_mhz");

    private GpuTelemetry() {}

    /** The GPUs {@code exposition} reports, by GPU id ({@code gpu} label, prefixed by the host when several); empty when none. */
    public static Gpus map(Exposition exposition) {
        // JSON edge: each GPU's keys in the order the page gave its fields (model after the first that named it)
        Map<String, Map<String, Object>> gpus = new TreeMap<>();
        for (Field f : Field.values()) {
            MetricFamily family = exposition.family(f.family);
            if (family == null) {
                continue;
            }
            for (Sample s : family.samples()) {
                if (Double.isNaN(s.value())) {
                    continue;
                }
                // JSON edge: one GPU's fields, as map()'s
                Map<String, Object> gpu = gpus.computeIfAbsent(id(s), k -> new LinkedHashMap<>());
                gpu.put(f.key, s.value());
                if (s.label("modelName") != null) {
                    gpu.putIfAbsent("model", s.label("modelName"));
                }
            }
        }
        return new Gpus(gpus);
    }

    /** The GPUs by id, each with the fields its page carried; a value of server_metrics.jsonl's {@code values}. */
    public record Gpus(@JsonValue Map<String, Map<String, Object>> gpus) // JSON edge, as map()'s
            implements ServerMetricsMapping.Reading {}

    private static String id(Sample s) {
        String gpu = s.label("gpu") != null ? s.label("gpu") : s.label("UUID") != null ? s.label("UUID") : "0";
        String host = s.label("Hostname");
        return host == null || host.isEmpty() ? gpu : host + "/" + gpu;
    }
}
