package dev.infergate.analysis.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A comparison of two directories of runs: reads both sides, pairs their conditions by name, compares
 * them and diffs their environments. Conditions found on one side only are skipped with a note.
 *
 * @param result      the comparison
 * @param environment what differs between the sides
 * @param notes       conditions that could not be paired, and similar remarks
 */
public record ComparisonRun(Comparison.Result result, EnvironmentDiff environment, List<String> notes) {
    /** The side directories of an accept result. */
    public static final String BASELINE_DIR = "baseline";
    public static final String CANDIDATE_DIR = "candidate";

    /** Whether {@code dir} is an accept result (holds baseline/ and candidate/). */
    public static boolean isAcceptResult(Path dir) {
        return Files.isDirectory(dir.resolve(BASELINE_DIR)) && Files.isDirectory(dir.resolve(CANDIDATE_DIR));
    }

    /**
     * Compares {@code baseline} with {@code candidate}.
     *
     * @throws IllegalArgumentException when a side holds no run or no condition appears on both sides
     */
    public static ComparisonRun of(Path baseline, Path candidate, Criteria criteria, Bootstrap bootstrap) {
        RunSet base = RunSet.read(baseline);
        RunSet cand = RunSet.read(candidate);
        Map<String, Comparison.Pair> pairs = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        for (Map.Entry<String, Sample> e : base.conditions().entrySet()) {
            Sample c = cand.conditions().get(e.getKey());
            if (c == null) {
                notes.add("condition " + e.getKey() + " has no candidate runs; skipped");
            } else {
                pairs.put(e.getKey(), new Comparison.Pair(e.getValue(), c));
            }
        }
        cand.conditions().keySet().stream().filter(k -> !base.conditions().containsKey(k))
                .forEach(k -> notes.add("condition " + k + " has no baseline runs; skipped"));
        if (pairs.isEmpty()) {
            throw new IllegalArgumentException("no condition appears on both sides (baseline: " + base.conditions().keySet()
                    + ", candidate: " + cand.conditions().keySet() + ")");
        }
        Comparison.Result result = Comparison.run(pairs, criteria, bootstrap);
        return new ComparisonRun(result, EnvironmentDiff.of(base.runs(), cand.runs()), notes);
    }
}
