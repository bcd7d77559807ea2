package dev.infergate.analysis.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.json.Json;
import dev.infergate.record.ImportedFrom;
import dev.infergate.record.RunDocument;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A baseline known only by the figures another tool printed: vLLM's {@code --save-result} JSON without
 * {@code --save-detailed}, AIPerf's {@code profile_export_aiperf.json}. It holds statistics (a p99, a mean, a
 * throughput) and no request, so nothing can be resampled on its side: {@link AggregateComparison} judges the
 * candidate's interval against these point values. Stored as {@value #FILE} beside the import's run.json (and no
 * requests.jsonl): {@code {"requests": N, "figures": {"ttft.p99": 120.5, ...}}}, keys as criteria write them,
 * values in the metric's unit (ms, tokens or requests per second, shares).
 *
 * @param run      the import's run.json (with its {@code imported} block)
 * @param figures  statistic key to value; statistics the file did not carry are absent, never estimated
 * @param requests requests the figures rest on (the file's completed count), or -1 when it does not say
 */
public record AggregateBaseline(RunDocument run, Map<String, Double> figures, long requests) {
    /** The file of an aggregate-only import, in place of requests.jsonl. */
    public static final String FILE = "aggregate.json";
    private static final ObjectMapper JSON = Json.COMPACT;

    public AggregateBaseline {
        if (run == null || run.imported() == null) {
            throw new IllegalArgumentException("an aggregate baseline needs the run.json of an import");
        }
        figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
    }

    /** What was imported. */
    public ImportedFrom imported() {
        return run.imported();
    }

    /** The baseline's value of {@code s}, or NaN when the file did not carry it. */
    public double value(Statistic s) {
        Double v = figures.get(s.key());
        return v == null ? Double.NaN : v;
    }

    /**
     * The document written as {@value #FILE}.
     *
     * @param requests the requests the figures rest on, or -1 when the imported file does not say
     * @param figures  statistic key to value, in the order the import found them
     */
    public record Document(long requests, Map<String, Double> figures) {
        public Document {
            figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
        }
    }

    /** The document written as {@value #FILE}. */
    public static Document document(Map<String, Double> figures, long requests) {
        return new Document(requests, figures);
    }

    /**
     * The aggregate-only import under {@code root} (the directory itself or one below it), or null when there is
     * none.
     *
     * @throws IllegalArgumentException when there are several (one aggregate stands for one condition)
     */
    public static AggregateBaseline under(Path root) {
        if (!Files.isDirectory(root)) {
            return null;
        }
        List<Path> found;
        try (Stream<Path> walk = Files.walk(root, 8)) {
            found = walk.filter(p -> p.getFileName().toString().equals(FILE) && Files.isRegularFile(p)).sorted().toList();
            // the import cache names its directory after the user's file, which may itself be called aggregate.json
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root + ": " + e.getMessage(), e);
        }
        if (found.isEmpty()) {
            return null;
        }
        if (found.size() > 1) {
            throw new IllegalArgumentException(root + " holds " + found.size() + " aggregate-only imports; an aggregate"
                    + " (no per-request values) stands for one condition: compare one at a time");
        }
        return read(found.get(0).getParent());
    }

    private static AggregateBaseline read(Path dir) {
        JsonNode doc;
        try {
            doc = JSON.readTree(dir.resolve(FILE).toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + dir.resolve(FILE) + ": " + e.getMessage(), e);
        }
        Map<String, Double> figures = new LinkedHashMap<>();
        doc.path("figures").fields().forEachRemaining(e -> {
            if (e.getValue().isNumber()) {
                figures.put(e.getKey(), e.getValue().asDouble());
            }
        });
        return new AggregateBaseline(RunDocument.read(dir), figures, doc.path("requests").asLong(-1));
    }
}
