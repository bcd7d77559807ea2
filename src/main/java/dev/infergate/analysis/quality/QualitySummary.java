package dev.infergate.analysis.quality;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.json.Json;
import dev.infergate.record.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds {@code quality.json} from the item results alone, so it can be rebuilt from
 * {@code quality-items.jsonl}: accuracy with a Wilson interval, failures (counted as wrong), the
 * breakdown by scorer and the latency of the answers.
 */
public final class QualitySummary {
    /** The schema id of quality.json; bump the number only for incompatible changes. */
    public static final String SCHEMA = "infergate.quality/1";
    public static final String FILE = "quality.json";
    public static final ObjectMapper JSON = Json.PRETTY;

    private QualitySummary() {}

    /**
     * @param header what was run (endpoint, model, eval set, sampling), copied first into the document
     * @param items  every item's result
     */
    public static Map<String, Object> build(Map<String, Object> header, List<ItemResult> items, double confidence) {
        if (items.isEmpty()) {
            throw new IllegalArgumentException("no item results to summarise");
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("schema", SCHEMA);
        m.putAll(header);
        long correct = items.stream().filter(ItemResult::correct).count();
        long errors = items.stream().filter(ItemResult::failed).count();
        m.put("items", items.size());
        m.put("correct", correct);
        m.put("errors", errors);
        // quality.json is still an ordered map (its header is the run's own), read back by QualityText
        m.put("accuracy", JSON.convertValue(Proportions.wilson(correct, items.size(), confidence).written("wilson"),
                new TypeReference<LinkedHashMap<String, Object>>() {}));
        Map<String, Object> byScorer = new TreeMap<>();
        items.stream().map(ItemResult::scorer).distinct().forEach(key -> {
            List<ItemResult> mine = items.stream().filter(i -> key.equals(i.scorer())).toList();
            long ok = mine.stream().filter(ItemResult::correct).count();
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("items", mine.size());
            s.put("correct", ok);
            s.put("accuracy", Interval.round((double) ok / mine.size()));
            byScorer.put(key, s);
        });
        m.put("by_scorer", byScorer);
        m.put("latency_ms", latency(items));
        return m;
    }

    private static Map<String, Object> latency(List<ItemResult> items) {
        long[] ns = items.stream().filter(i -> !i.failed()).mapToLong(ItemResult::latencyNanos).sorted().toArray();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", ns.length);
        if (ns.length > 0) {
            m.put("p50", Interval.round(ns[(ns.length - 1) / 2] / 1e6));
            m.put("max", Interval.round(ns[ns.length - 1] / 1e6));
            m.put("mean", Interval.round(Arrays.stream(ns).average().orElse(0) / 1e6));
        }
        return m;
    }

    /** Writes {@code quality.json} into {@code dir}. */
    public static void write(Path dir, Map<String, Object> summary) throws IOException {
        AtomicFiles.writeJson(JSON, dir.resolve(FILE), summary);
    }

    /** Reads {@code quality.json} of a result directory; IllegalArgumentException naming the problem. */
    public static Map<String, Object> read(Path dir) {
        Path file = dir.resolve(FILE);
        try {
            Map<String, Object> m = JSON.readValue(file.toFile(), new TypeReference<Map<String, Object>>() {});
            if (!SCHEMA.equals(m.get("schema"))) {
                throw new IllegalArgumentException(file + " has schema " + m.get("schema") + ", expected " + SCHEMA);
            }
            return m;
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new IllegalArgumentException(dir + " holds no " + FILE + "; pass the --out directory of 'infergate quality'", e);
        } catch (IOException e) {
            if (!Files.exists(file)) {
                throw new IllegalArgumentException(dir + " holds no " + FILE + "; pass the --out directory of 'infergate quality'", e);
            }
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
