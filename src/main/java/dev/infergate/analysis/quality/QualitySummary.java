package dev.infergate.analysis.quality;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.analysis.Quantiles;
import dev.infergate.json.Json;
import dev.infergate.record.AtomicFiles;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
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
     * quality.json of one side: the schema and what was run, then its accuracy with a Wilson interval, by scorer, and the
     * answers' latency.
     *
     * @param header    what was run (endpoint, model, eval set, sampling), written first
     * @param errors    items whose request failed (they count as wrong)
     * @param byScorer  per scorer, sorted by name
     * @param latencyMs of the answered items; null figures when none was answered
     */
    @JsonPropertyOrder({"schema", "header", "items", "correct", "errors", "accuracy", "by_scorer", "latency_ms"})
    public record Document(@JsonUnwrapped QualityHeader header, int items, long correct, long errors,
            Interval.Written accuracy, @JsonProperty("by_scorer") Map<String, Scorer> byScorer,
            @JsonProperty("latency_ms") Latency latencyMs) {
        public Document {
            if (header == null) {
                throw new IllegalArgumentException("header must be set");
            }
            byScorer = Collections.unmodifiableMap(new TreeMap<>(byScorer));
        }

        /** {@value #SCHEMA}, written first. */
        @JsonProperty("schema")
        public String schema() {
            return SCHEMA;
        }
    }

    /** What quality.json says of itself: its schema and the eval set it asked (the rest is the run's figures). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    private record Stored(String schema, EvalHeader eval) {}

    /** One scorer's items, correct answers and accuracy (6 decimals). */
    public record Scorer(int items, long correct, double accuracy) {}

    /** Answer latency in ms; only the count when nothing was answered. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Latency(int count, Double p50, Double max, Double mean) {}

    /**
     * @param header what was run (endpoint, model, eval set, sampling), copied first into the document
     * @param items  every item's result
     */
    public static Document build(QualityHeader header, List<ItemResult> items, double confidence) {
        if (items.isEmpty()) {
            throw new IllegalArgumentException("no item results to summarise");
        }
        long correct = items.stream().filter(ItemResult::correct).count();
        long errors = items.stream().filter(ItemResult::failed).count();
        Map<String, Scorer> byScorer = new TreeMap<>();
        items.stream().map(ItemResult::scorer).distinct().forEach(key -> {
            List<ItemResult> mine = items.stream().filter(i -> key.equals(i.scorer())).toList();
            long ok = mine.stream().filter(ItemResult::correct).count();
            byScorer.put(key, new Scorer(mine.size(), ok, Interval.round((double) ok / mine.size())));
        });
        return new Document(header, items.size(), correct, errors,
                Proportions.wilson(correct, items.size(), confidence).written("wilson"), byScorer, latency(items));
    }

    private static Latency latency(List<ItemResult> items) {
        long[] ns = items.stream().filter(i -> !i.failed()).mapToLong(ItemResult::latencyNanos).sorted().toArray();
        if (ns.length == 0) {
            return new Latency(0, null, null, null);
        }
        double[] sorted = Arrays.stream(ns).asDoubleStream().toArray();
        return new Latency(ns.length, Interval.round(Quantiles.ofSorted(sorted, 50) / 1e6), Interval.round(ns[ns.length - 1] / 1e6),
                Interval.round(Arrays.stream(ns).average().orElse(0) / 1e6));
    }

    /** Writes {@code quality.json} into {@code dir}. */
    public static void write(Path dir, Document summary) throws IOException {
        AtomicFiles.writeJson(JSON, dir.resolve(FILE), summary);
    }

    /**
     * The eval set a result directory's {@code quality.json} asked; IllegalArgumentException naming the problem (no file,
     * another schema, no readable eval block).
     */
    public static EvalHeader readEval(Path dir) {
        Path file = dir.resolve(FILE);
        Stored stored;
        try {
            stored = JSON.readValue(file.toFile(), Stored.class);
        } catch (NoSuchFileException | FileNotFoundException e) {
            throw new IllegalArgumentException(dir + " holds no " + FILE + "; pass the --out directory of 'infergate quality'", e);
        } catch (IOException e) {
            if (!Files.exists(file)) {
                throw new IllegalArgumentException(dir + " holds no " + FILE + "; pass the --out directory of 'infergate quality'", e);
            }
            if (e instanceof JsonMappingException) { // a key of the wrong kind: the eval block cannot be read
                throw new IllegalArgumentException(file + " has no readable eval block: "
                        + String.valueOf(e.getMessage()).lines().findFirst().orElse(""), e);
            }
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (!SCHEMA.equals(stored.schema())) {
            throw new IllegalArgumentException(file + " has schema " + stored.schema() + ", expected " + SCHEMA);
        }
        if (stored.eval() == null) {
            throw new IllegalArgumentException(file + " has no readable eval block: no eval block");
        }
        return stored.eval();
    }
}
