package dev.infergate.analysis.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
        return of(baseline, candidate, criteria, bootstrap, Comparison.DEFAULT_RUN_TO_RUN_ALLOWANCE);
    }

    /**
     * Compares {@code baseline} with {@code candidate}; conditions with fewer than 3 runs on a side are judged with
     * {@code runToRunAllowance} and a note says so.
     *
     * @throws IllegalArgumentException when a side holds no run or no condition appears on both sides
     */
    public static ComparisonRun of(Path baseline, Path candidate, Criteria criteria, Bootstrap bootstrap,
            double runToRunAllowance) {
        List<String> notes = new ArrayList<>(criteria.notes());
        if (AggregateBaseline.under(candidate) != null) {
            throw new IllegalArgumentException(candidate + " holds aggregates only (no per-request values): such an"
                    + " import can be the baseline, never the candidate");
        }
        AggregateBaseline aggregate = AggregateBaseline.under(baseline);
        if (aggregate != null) { // no requests on the baseline's side: judged against its point values
            return AggregateComparison.of(aggregate, RunSet.read(candidate), criteria, bootstrap, runToRunAllowance, notes);
        }
        RunSet[] aligned = ImportNotes.align(RunSet.read(baseline), RunSet.read(candidate), notes); // an import knows no infergate condition name
        RunSet base = aligned[0];
        RunSet cand = aligned[1];
        Map<String, Comparison.Pair> pairs = new LinkedHashMap<>();
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
        Comparison.Result result = ImportNotes.reword(Comparison.run(pairs, criteria, bootstrap, runToRunAllowance),
                ImportNotes.importedFewRuns(base) || ImportNotes.importedFewRuns(cand)); // an import cannot add runs
        String late = LateRuns.note(pairs);
        if (late != null) {
            notes.add(late);
        }
        long paired = pairs.values().stream().filter(p -> Pairing.paired(p.baseline(), p.candidate())).count();
        notes.add(paired == pairs.size() ? "paired: every condition compared request by request (the same request ids in"
                + " every repeat on both sides), so the spread both sides share drops out of the intervals"
                : paired + " of " + pairs.size() + " conditions paired request by request (the same request ids in every"
                + " repeat on both sides); the others compared unpaired");
        long few = pairs.values().stream().filter(Comparison::fewRuns).count();
        if (few > 0) {
            String where = few == pairs.size() ? "" : " in " + few + " of " + pairs.size() + " conditions";
            String runs = "fewer than " + Comparison.MIN_REPEATS_FOR_DRIFT + " runs per side" + where;
            notes.add(runToRunAllowance > 0 ? String.format(Locale.ROOT, "%s: the bootstrap cannot measure run-to-run"
                    + " variation, so a criterion on a change passes or fails only when its interval, widened by a"
                    + " run-to-run allowance, clears its threshold: with 2 runs a side the allowance is measured per"
                    + " figure from the two repeat pairs' deltas (t(0.975, 1) x |d1 - d2| / 2, at most %s), with 1 it"
                    + " is %s; %s", runs, percent(runToRunAllowance), percent(runToRunAllowance),
                    ImportNotes.moreRunsAdvice(base, cand))
                    : runs + ": run-to-run variation is not measured and no allowance is made for it"
                    + " (run-to-run allowance 0): the intervals see request-to-request variation only");
        }
        notes.addAll(ImportNotes.of(base.runs(), cand.runs(), result));
        notes.addAll(deliveryNotes(pairs, criteria));
        notes.addAll(CancelNotes.of(pairs));
        return new ComparisonRun(result, EnvironmentDiff.of(base.runs(), cand.runs()), notes);
    }

    /**
     * Per condition, each side's streaming delivery ({@link SideDelivery}), and where a delivery criterion was set but
     * a side's delivery is unknown, that it was not judged.
     */
    private static List<String> deliveryNotes(Map<String, Comparison.Pair> pairs, Criteria criteria) {
        List<String> out = new ArrayList<>();
        pairs.forEach((condition, pair) -> {
            SideDelivery b = SideDelivery.of(pair.baseline());
            SideDelivery c = SideDelivery.of(pair.candidate());
            if (!b.known() && !c.known()) {
                return;
            }
            String where = pairs.size() > 1 ? " in " + condition : "";
            out.add("delivery" + where + ": baseline " + b.describe() + "; candidate " + c.describe());
            if (!(b.known() && c.known())) {
                criteria.forCondition(condition).stream().filter(k -> Comparison.deliveryShare(k.statistic().metric()))
                        .forEach(k -> out.add("not judged" + where + ": " + k.describe() + " (the "
                                + (b.known() ? "candidate" : "baseline") + "'s delivery is unknown)"));
            }
        });
        return out;
    }

    private static String percent(double fraction) {
        double p = Math.round(fraction * 1000) / 10.0;
        return (p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p)) + " %";
    }
}
