package dev.infergate.analysis.compare;

import dev.infergate.analysis.SimulatorLag;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Runs whose client fell behind its schedule decide nothing (docs/acceptance.md, "Client-limited runs"): a
 * repeat that was client-limited on either side is left out of the comparison, on both sides when the design
 * is paired (repeat k of the baseline with repeat k of the candidate, so the pairing holds), on its own side
 * otherwise; a condition left with fewer clean repeats than half of those a side ran (none, or 1 of 3) keeps its
 * runs but none of its criteria can pass or fail: the clean ones ran on the same starved machine, minutes apart,
 * and a starved <em>server</em> process is invisible to the client's lag (measured: an A/A accept at load 13-22
 * kept 1 of 3 repeats of a condition and failed it on TTFT p95 +51.5 %). The rule looks at the client's lag only, never at the figures judged, so leaving runs out cannot
 * pick a verdict; what it prevents is a verdict decided by which side a busy machine happened to slow down.
 *
 * @param pairs        the pairs to compare, limited repeats left out
 * @param undecidable  conditions with fewer clean repeats than half of those run on a side: judged, then made inconclusive
 * @param left         repeats left out per condition (both sides counted)
 * @param simulatorBehind runs, of all conditions and both sides, served by a simulator behind its own model
 *                     ({@link RepeatSample#simulatorBehind()}): left out the same way, for the same reason
 */
public record ClientLimitedRepeats(Map<String, Comparison.Pair> pairs, Set<String> undecidable, Map<String, Integer> left,
        int simulatorBehind) {
    /** The note on the judgements of an undecidable condition. */
    static final String NOTE = "most repeats of a side were client-limited (the client fell behind its schedule): the"
            + " figures describe this machine as much as the server; free CPU and run again";
    /** The note when infergate's simulator fell behind its model in some of the runs left out. */
    static final String NOTE_WITH_SIMULATOR = "most repeats of a side were client-limited or served by a simulator behind"
            + " its own model: the figures describe this machine as much as the server; free CPU and run again";

    /** Leaves out the client-limited repeats of every pair. */
    public static ClientLimitedRepeats of(Map<String, Comparison.Pair> pairs) {
        Map<String, Comparison.Pair> out = new LinkedHashMap<>();
        Set<String> undecidable = new TreeSet<>();
        Map<String, Integer> left = new LinkedHashMap<>();
        int simulatorBehind = 0;
        for (Comparison.Pair pair : pairs.values()) {
            simulatorBehind += (int) Stream.concat(pair.baseline().repeats().stream(), pair.candidate().repeats().stream())
                    .filter(RepeatSample::simulatorBehind).count();
        }
        pairs.forEach((condition, pair) -> {
            List<RepeatSample> b = new ArrayList<>(pair.baseline().repeats());
            List<RepeatSample> c = new ArrayList<>(pair.candidate().repeats());
            int before = b.size() + c.size();
            if (Pairing.paired(pair.baseline(), pair.candidate())) {
                for (int k = b.size() - 1; k >= 0; k--) {
                    if (b.get(k).limited() || c.get(k).limited()) {
                        b.remove(k);
                        c.remove(k);
                    }
                }
            } else {
                b.removeIf(RepeatSample::limited);
                c.removeIf(RepeatSample::limited);
            }
            if (mostLeftOut(b.size(), pair.baseline().repeats().size()) || mostLeftOut(c.size(), pair.candidate().repeats().size())) {
                undecidable.add(condition);
                out.put(condition, pair);
            } else {
                out.put(condition, new Comparison.Pair(new Sample(b), new Sample(c)));
            }
            if (b.size() + c.size() < before) {
                left.put(condition, before - b.size() - c.size());
            }
        });
        return new ClientLimitedRepeats(out, undecidable, left, simulatorBehind);
    }

    /** Whether fewer than half of a side's {@code ran} repeats are {@code clean}: none of 1 or 2, 1 of 3, 1 of 4. */
    static boolean mostLeftOut(int clean, int ran) {
        return clean == 0 || 2 * clean < ran;
    }

    /** {@code result} with every judgement of an undecidable condition made inconclusive. */
    public Comparison.Result apply(Comparison.Result result) {
        if (undecidable.isEmpty()) {
            return result;
        }
        List<Comparison.ConditionResult> out = new ArrayList<>();
        for (Comparison.ConditionResult c : result.conditions()) {
            if (!undecidable.contains(c.condition())) {
                out.add(c);
                continue;
            }
            List<Judgement> judgements = c.judgements().stream()
                    .map(j -> new Judgement(j.criterion(), j.estimate(), Verdict.INCONCLUSIVE, -1,
                            simulatorBehind > 0 ? NOTE_WITH_SIMULATOR : NOTE)).toList();
            out.add(c.rejudged(judgements,
                    judgements.isEmpty() ? c.verdict() : Verdict.INCONCLUSIVE));
        }
        return new Comparison.Result(out, Verdict.combine(out.stream().map(Comparison.ConditionResult::verdict).toList()),
                result.confidence());
    }

    /** One note for the comparison, or null when no run was client-limited. */
    public String note() {
        if (left.isEmpty()) {
            return null;
        }
        int runs = left.values().stream().mapToInt(Integer::intValue).sum();
        String simulator = simulatorBehind == 0 ? "" : String.format(Locale.ROOT, "; or, in %d run(s), the simulator"
                + " serving them fell behind its own model: %s", simulatorBehind, SimulatorLag.LIMITS);
        return String.format(Locale.ROOT, "client-limited%s: %d run(s) left out in %d of %d conditions (the client fell"
                + " behind its schedule: lag p99 above 10 ms in at least 2 requests%s; with a paired design the other"
                + " side's same repeat goes too)%s; a busy machine decides nothing", simulatorBehind == 0 ? "" : " or simulator behind",
                runs, left.size(), pairs.size(), simulator, undecidable.isEmpty() ? "" : "; fewer than half the repeats of a side clean, so inconclusive: "
                        + String.join(", ", undecidable));
    }
}
