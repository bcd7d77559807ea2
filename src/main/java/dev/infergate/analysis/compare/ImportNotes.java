package dev.infergate.analysis.compare;

import dev.infergate.record.ImportedFrom;
import dev.infergate.record.RunDocument;
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

    static List<String> of(List<RunDocument> baseRuns, List<RunDocument> candRuns,
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

    private static void side(String name, List<RunDocument> runs, List<String> notes, Set<String> missing) {
        for (RunDocument run : runs) {
            ImportedFrom imported = run.imported();
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

    /**
     * The two sides, with an imported side's one condition renamed to the other side's one condition when their
     * names differ (another tool's file knows no infergate condition name); a note says so. Anything else is
     * returned as it is.
     */
    static RunSet[] align(RunSet base, RunSet cand, List<String> notes) {
        boolean baseImported = base.runs().stream().anyMatch(r -> r.imported() != null);
        boolean candImported = cand.runs().stream().anyMatch(r -> r.imported() != null);
        if (!(baseImported || candImported) || base.conditions().size() != 1 || cand.conditions().size() != 1
                || base.conditions().keySet().equals(cand.conditions().keySet())) {
            return new RunSet[] {base, cand};
        }
        RunSet imported = baseImported ? base : cand;
        RunSet other = baseImported ? cand : base;
        String name = other.conditions().keySet().iterator().next();
        notes.add("the imported side's only condition (" + imported.conditions().keySet().iterator().next()
                + ") is compared with " + name);
        RunSet renamed = new RunSet(imported.root(), Map.of(name, imported.conditions().values().iterator().next()),
                imported.runs());
        return baseImported ? new RunSet[] {renamed, cand} : new RunSet[] {base, renamed};
    }

    /** What a judgement's drift note advises ({@link Criterion}); wrong when a side is an import of fewer runs. */
    static final String MORE_RUNS = Comparison.MIN_REPEATS_FOR_DRIFT + "+ runs per side or accept --until-decided would";

    /**
     * How run-to-run drift could be measured, for the note on fewer than 3 runs per side: more runs, unless a side
     * is an import of fewer runs, which cannot have more (the allowance then stays whatever the candidate's repeats).
     */
    static String moreRunsAdvice(RunSet base, RunSet cand) {
        if (importedFewRuns(base) || importedFewRuns(cand)) {
            return "an imported side of one run cannot add runs, so more candidate repeats do not lift the allowance;"
                    + " only an import of " + Comparison.MIN_REPEATS_FOR_DRIFT + "+ runs (an accept result) measures it";
        }
        return Comparison.MIN_REPEATS_FOR_DRIFT + "+ runs per side (or accept --until-decided) measure it";
    }

    /** {@code result} with each drift note's advice made true for an imported side ({@link #moreRunsAdvice}). */
    static Comparison.Result reword(Comparison.Result result, boolean importedFewRuns) {
        if (!importedFewRuns) {
            return result;
        }
        List<Comparison.ConditionResult> conditions = new ArrayList<>();
        for (Comparison.ConditionResult c : result.conditions()) {
            List<Judgement> judgements = c.judgements().stream().map(j -> j.note() == null || !j.note().endsWith(MORE_RUNS) ? j
                    : new Judgement(j.criterion(), j.estimate(), j.verdict(), j.samplesToSettle(), j.note().substring(0,
                    j.note().length() - MORE_RUNS.length()) + "the imported side cannot add runs; only an import of "
                    + Comparison.MIN_REPEATS_FOR_DRIFT + "+ runs would")).toList();
            conditions.add(c.rejudged(judgements, c.verdict()));
        }
        return new Comparison.Result(conditions, result.verdict(), result.confidence());
    }

    /** Whether {@code side} is an import with fewer runs than drift needs in some condition. */
    static boolean importedFewRuns(RunSet side) {
        return side.runs().stream().anyMatch(r -> r.imported() != null) && side.conditions().values().stream()
                .anyMatch(s -> s.repeats().size() < Comparison.MIN_REPEATS_FOR_DRIFT);
    }

    /** The one line that replaces the load and work checks when a side is imported. */
    static String workNotChecked(RunDocument base, RunDocument cand) {
        return "note: load and work not checked: the imported side describes them in its own terms (baseline: "
                + describe(base) + "; candidate: " + describe(cand) + "); make sure both sides ran the same prompts,"
                + " lengths and load";
    }

    private static String describe(RunDocument run) {
        if (run == null) {
            return "unknown";
        }
        if (run.imported() != null) {
            return run.load() != null ? run.load().keys().toString() : "unknown";
        }
        WorkloadShape shape = WorkloadShape.of(run);
        return shape.describeLoad() + ", " + shape.describeWork();
    }
}
