package dev.infergate.accept;

import dev.infergate.analysis.compare.ComparisonRun;
import dev.infergate.analysis.compare.RunSet;
import dev.infergate.imports.ImportedRun;
import dev.infergate.imports.Imports;
import dev.infergate.record.ImportedFrom;
import dev.infergate.record.RunDocument;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Where an imported baseline's figures come from: the run directories of a peer tool's result (vLLM, AIPerf,
 * guidellm, read by {@link Imports}) or of an earlier infergate run or accept result, grouped by the condition
 * they ran. Nothing here is measured; the runs are copied into the acceptance result as they are.
 *
 * @param imported   what was imported and which figures it lacks ({@code tool} {@code infergate} for infergate's runs)
 * @param conditions the run directories of each condition the source holds, in path order
 * @param load       the load the source ran at, as its run.json describes it (empty when it says nothing)
 */
record BaselineSource(ImportedFrom imported, Map<String, List<Path>> conditions,
        Map<String, Object> load) { // JSON edge: a foreign tool's load keys (request_rate, strategy) are its own
    BaselineSource {
        if (conditions.isEmpty()) {
            throw new IllegalArgumentException(imported.source() + " holds no request");
        }
        conditions = Collections.unmodifiableMap(new LinkedHashMap<>(conditions));
        load = load == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(load)); // values may be null
    }

    /**
     * Reads {@code file}: an infergate run directory or accept result (its {@code baseline/} side), else a result
     * file of another tool.
     *
     * @throws IllegalArgumentException naming the file and what is wrong with it
     */
    static BaselineSource read(Path file) {
        if (!Files.exists(file)) {
            throw new IllegalArgumentException("the baseline import " + file + " does not exist; pass a vLLM, AIPerf or"
                    + " guidellm result file, or an infergate run directory");
        }
        if (Files.isDirectory(file) && !Imports.isForeign(file)) {
            return infergate(file);
        }
        ImportedRun run = Imports.read(file);
        TreeSet<String> names = new TreeSet<>();
        run.records().forEach(r -> names.add(r.condition() == null ? RunSet.ALL : r.condition()));
        if (run.aggregateOnly()) {
            names.add(RunSet.ALL); // aggregates stand for the one condition the tool ran
        }
        Path dir = Imports.materialize(file);
        Map<String, List<Path>> conditions = new LinkedHashMap<>();
        names.forEach(n -> conditions.put(n, List.of(dir)));
        return new BaselineSource(run.imported(), conditions, loadOf(run.run()));
    }

    /** The tool's name as a reader knows it: {@code the vLLM result}, {@code the infergate run}. */
    String describeSource() {
        return switch (imported.tool()) {
            case "vllm" -> "the vLLM result";
            case "aiperf" -> "the AIPerf result";
            case "guidellm" -> "the guidellm result";
            default -> "the " + imported.tool() + " run";
        };
    }

    /** The concurrency the source ran at, or 0 when it does not say. */
    int concurrency() {
        for (String key : List.of("max_concurrency", "concurrency")) {
            if (load.get(key) instanceof Number n && n.intValue() > 0) {
                return n.intValue();
            }
        }
        return 0;
    }

    /** The request rate the source offered, per second, or 0 when it does not say (or offered all at once). */
    double ratePerSecond() {
        Object schedule = load.get("schedule");
        for (Object v : new Object[] {load.get("request_rate"), load.get(RunDocument.LOAD_RATE_PER_SECOND),
                schedule instanceof Map<?, ?> s ? s.get(RunDocument.LOAD_RATE_PER_SECOND) : null}) {
            if (v instanceof Number n && n.doubleValue() > 0 && Double.isFinite(n.doubleValue())) {
                return n.doubleValue();
            }
        }
        return 0;
    }

    private static BaselineSource infergate(Path dir) {
        Path root = ComparisonRun.isAcceptResult(dir) ? dir.resolve(ComparisonRun.BASELINE_DIR) : dir;
        Map<String, List<Path>> conditions = new LinkedHashMap<>();
        Map<String, Object> load = null; // JSON edge, as the record's
        for (Path run : runDirectories(root)) {
            RunDocument json = RunDocument.read(run);
            if (json.imported() != null) {
                throw new IllegalArgumentException(dir + " holds an import (" + json.imported().describe()
                        + "); pass the original file instead");
            }
            String condition = json.condition() != null ? json.condition() : RunSet.ALL;
            conditions.computeIfAbsent(condition, k -> new ArrayList<>()).add(run);
            load = load == null ? loadOf(json) : load;
        }
        if (conditions.isEmpty()) {
            throw new IllegalArgumentException(dir + " holds no infergate run (no " + RunLog.REQUESTS_FILE + " beside a "
                    + RunLog.RUN_FILE + ") and is no AIPerf artifact directory");
        }
        return new BaselineSource(new ImportedFrom("infergate", dir.toString(), false, List.of()), conditions, load);
    }

    private static List<Path> runDirectories(Path root) {
        try (Stream<Path> walk = Files.walk(root, 8)) {
            return walk.filter(p -> p.getFileName().toString().equals(RunLog.REQUESTS_FILE)).map(Path::getParent)
                    .filter(p -> Files.isRegularFile(p.resolve(RunLog.RUN_FILE))).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root + ": " + e.getMessage(), e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> loadOf(RunDocument run) { // JSON edge: an imported tool's load keys are its own
        return run.document().get(RunDocument.LOAD) instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }
}
