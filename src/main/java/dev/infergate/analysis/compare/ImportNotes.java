package dev.infergate.analysis.compare;

import dev.infergate.record.ImportedFrom;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a comparison says when a side was imported from another tool's result: that it is a fixed baseline
 * (nothing was probed, interleaved or paired: its requests ran at another time, on their own), that a sampled
 * file rests on a sample, which criteria could not be judged because the file lacks their figure, and that the
 * load and work of the two sides are not checked (the other tool describes them in its own terms).
 */
final class ImportNotes {
    private ImportNotes() {}

    static List<String> of(List<Map<String, Object>> baseRuns, List<Map<String, Object>> candRuns,
            Comparison.Result result) {
        List<String> notes = new ArrayList<>();
        Set<String> missing = new LinkedHashSet<>();
        side("baseline", baseRuns, notes, missing);
        side("candidate", candRuns, notes, missing);
        if (missing.isEmpty()) {
            return notes;
        }
        Set<String> unjudged = new LinkedHashSet<>();
        for (Comparison.ConditionResult c : result.conditions()) {
            for (Judgement j : c.judgements()) {
                if (missing.contains(j.criterion().statistic().metric().key())) {
                    unjudged.add(j.criterion().describe());
                }
            }
        }
        if (!unjudged.isEmpty()) {
            notes.add("not judged, the imported side's file lacks the figure (inconclusive, not passed): "
                    + String.join("; ", unjudged));
        }
        return notes;
    }

    private static void side(String name, List<Map<String, Object>> runs, List<String> notes, Set<String> missing) {
        for (Map<String, Object> run : runs) {
            ImportedFrom imported = ImportedFrom.of(run);
            if (imported == null) {
                continue;
            }
            notes.add(name + " " + imported.describe() + ": a fixed " + name + ", nothing was probed, interleaved or"
                    + " paired (compared unpaired, request distribution against request distribution)");
            if (imported.sampled()) {
                notes.add(name + ": " + imported.tool() + " kept only a sample of the requests; percentiles rest on that"
                        + " sample, and throughput, goodput and error shares are missing");
            }
            missing.addAll(imported.missing());
            return; // one line per side
        }
    }

    /** The one line that replaces the load and work checks when a side is imported. */
    static String workNotChecked(Map<String, Object> base, Map<String, Object> cand) {
        return "note: load and work not checked: the imported side describes them in its own terms (baseline: "
                + describe(base) + "; candidate: " + describe(cand) + "); make sure both sides ran the same prompts,"
                + " lengths and load";
    }

    private static String describe(Map<String, Object> run) {
        if (run == null) {
            return "unknown";
        }
        if (ImportedFrom.of(run) != null) {
            return run.get("load") instanceof Map<?, ?> load ? load.toString() : "unknown";
        }
        WorkloadShape shape = WorkloadShape.of(run);
        return shape.describeLoad() + ", " + shape.describeWork();
    }
}
