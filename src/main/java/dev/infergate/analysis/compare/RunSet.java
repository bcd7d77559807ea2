package dev.infergate.analysis.compare;

import dev.infergate.analysis.SimulatorDelays;
import dev.infergate.analysis.SimulatorLag;
import dev.infergate.analysis.Slo;
import dev.infergate.record.ImportedFrom;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunDocument;
import dev.infergate.record.RunLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The runs of one side of a comparison, read from disk: every directory under {@code root} (or root itself)
 * that holds a {@code requests.jsonl}. Each run directory is one independent repeat of every condition its
 * records carry; a record without a condition belongs to the run's {@code condition} from run.json, else
 * to {@value #ALL}. An {@code accept} result keeps one directory per side, condition and repeat
 * ({@code baseline/short-chat/fresh/low/r1}), so both layouts read the same way.
 *
 * @param root       what was read
 * @param conditions the sample of each condition, sorted by name
 * @param runs       the run.json of every run directory, in path order
 */
public record RunSet(Path root, Map<String, Sample> conditions, List<RunDocument> runs) {
    /** The condition name of records that carry none. */
    public static final String ALL = "all";
    private static final int MAX_DEPTH = 8;

    /**
     * Reads every run directory under {@code root}.
     *
     * @throws IllegalArgumentException when none is found or a file is unreadable (the message names it)
     */
    public static RunSet read(Path root) {
        List<Path> dirs = runDirectories(root);
        if (dirs.isEmpty()) {
            throw new IllegalArgumentException(root + " holds no run (no requests.jsonl within " + MAX_DEPTH
                    + " levels); pass a run directory or an accept result");
        }
        Map<String, List<RepeatSample>> byCondition = new TreeMap<>();
        List<RunDocument> runs = new ArrayList<>();
        for (Path dir : dirs) {
            RunDocument run = RunDocument.read(dir);
            runs.add(run);
            Slo slo = Slo.of(run.slo());
            String fallback = run.condition() != null ? run.condition() : ALL;
            int turns = run.turnsPerSession();
            ImportedFrom imported = run.imported();
            SimulatorLag lag = SimulatorLag.read(dir);
            SimulatorDelays delays = SimulatorDelays.read(dir);
            Map<String, List<RequestRecord>> records = new LinkedHashMap<>();
            RunLog.readRecords(dir, r -> records.computeIfAbsent(r.condition() == null ? fallback : r.condition(),
                    k -> new ArrayList<>()).add(r));
            records.forEach((condition, list) -> {
                RepeatSample of = RepeatSample.of(list, slo, turns).servedWith(lag, delays);
                RepeatSample streamed = Boolean.FALSE.equals(run.stream()) ? of.unstreamed() : of;
                RepeatSample sample = imported == null ? streamed : streamed.imported(imported.missing());
                if (sample.size() > 0) {
                    byCondition.computeIfAbsent(condition, k -> new ArrayList<>()).add(sample);
                }
            });
        }
        Map<String, Sample> conditions = new LinkedHashMap<>();
        byCondition.forEach((k, v) -> conditions.put(k, new Sample(v)));
        return new RunSet(root, conditions, runs);
    }

    static List<Path> runDirectories(Path root) {
        if (!Files.isDirectory(root)) {
            throw new IllegalArgumentException(root + " is not a directory");
        }
        try (Stream<Path> walk = Files.walk(root, MAX_DEPTH)) {
            return walk.filter(p -> p.getFileName().toString().equals(RunLog.REQUESTS_FILE))
                    .map(Path::getParent).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root, e);
        }
    }
}
