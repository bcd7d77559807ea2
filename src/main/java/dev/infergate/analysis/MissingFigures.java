package dev.infergate.analysis;

import dev.infergate.record.ImportedFrom;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Marks the figures an imported run does not carry ({@link ImportedFrom#missing()}) as missing in its summary, so
 * no figure that the records only seem to hold (latency from a scheduled time that is really the send time,
 * throughput from a sample of the requests) is ever shown: a latency block becomes {@code {count: 0, missing:
 * "..."}}, a run figure null, with {@code missing} listing them all.
 */
public final class MissingFigures {
    private MissingFigures() {}

    /** Applies the run's {@code imported} block to {@code summary} (in place); does nothing for infergate's own runs. */
    @SuppressWarnings("unchecked")
    public static void mask(Map<String, Object> summary, Map<String, Object> run) {
        ImportedFrom imported = ImportedFrom.of(run);
        if (imported == null || imported.missing().isEmpty()) {
            return;
        }
        String why = "not in the " + imported.tool() + " result";
        maskFigures(summary, imported, why);
        if (summary.get("by_cache") instanceof Map<?, ?> split) {
            split.values().forEach(v -> maskFigures((Map<String, Object>) v, imported, why));
        }
        if (summary.get("by_condition") instanceof Map<?, ?> conditions) {
            conditions.values().forEach(v -> maskFigures((Map<String, Object>) v, imported, why));
        }
        summary.put("missing", imported.missing());
    }

    @SuppressWarnings("unchecked")
    private static void maskFigures(Map<String, Object> figures, ImportedFrom imported, String why) {
        for (String key : imported.missing()) {
            if (figures.get("latency_ms") instanceof Map<?, ?> latency && latency.containsKey(key)) {
                Map<String, Object> block = new LinkedHashMap<>();
                block.put("count", 0);
                block.put("missing", why);
                ((Map<String, Object>) latency).put(key, block);
            }
            int dot = key.indexOf('.');
            if (dot > 0 && figures.get(key.substring(0, dot)) instanceof Map<?, ?> group
                    && group.containsKey(key.substring(dot + 1))) {
                ((Map<String, Object>) group).put(key.substring(dot + 1), null);
            }
            if (key.equals("errors.rate")) {
                figures.put("error_rate", null);
            }
            if (key.equals("cache.hit_rate") && figures.get("cache") instanceof Map<?, ?> cache) {
                ((Map<String, Object>) cache).put("reported_by_server", false);
            }
        }
    }
}
