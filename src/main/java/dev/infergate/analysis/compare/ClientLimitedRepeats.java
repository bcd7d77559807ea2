package dev.infergate.analysis.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Runs whose client fell behind its schedule decide nothing (docs/acceptance.md, "Client-limited runs"): a
 * repeat that was client-limited on either side is left out of the comparison, on both sides when the design
 * is paired (repeat k of the baseline with repeat k of the candidate, so the pairing holds), on its own side
 * otherwise; a condition left with no clean repeat on a side keeps its runs but none of its criteria can pass
 * or fail. The rule looks at the client's lag only, never at the figures judged, so leaving runs out cannot
 * pick a verdict; what it prevents is a verdict decided by which side a busy machine happened to slow down.
 *
 * @param pairs        the pairs to compare, limited repeats left out
 * @param undecidable  conditions with no clean repeat on a side: judged, then made inconclusive
 * @param left         repeats left out per condition (both sides counted)
 */
public record ClientLimitedRepeats(Map<String, Comparison.Pair> pairs, Set<String> undecidable, Map<String, Integer> left) {
    /** The note on the judgements of an undecidable condition. */
    static final String NOTE = "every repeat of a side was client-limited (the client fell behind its schedule): the"
            + " figures describe this machine as much as the server; free CPU and run again";

    /** Leaves out the client-limited repeats of every pair. */
    public static ClientLimitedRepeats of(Map<String, Comparison.Pair> pairs) {
        Map<String, Comparison.Pair> out = new LinkedHashMap<>();
        Set<String> undecidable = new TreeSet<>();
        Map<String, Integer> left = new LinkedHashMap<>();
        pairs.forEach((condition, pair) -> {
            List<RepeatSample> b = new ArrayList<>(pair.baseline().repeats());
            List<RepeatSample> c = new ArrayList<>(pair.candidate().repeats());
            int before = b.size() + c.size();
            if (Pairing.paired(pair.baseline(), pair.candidate())) {
                for (int k = b.size() - 1; k >= 0; k--) {
                    if (b.get(k).clientLimited() || c.get(k).clientLimited()) {
                        b.remove(k);
                        c.remove(k);
                    }
                }
            } else {
                b.removeIf(RepeatSample::clientLimited);
                c.removeIf(RepeatSample::clientLimited);
            }
            if (b.isEmpty() || c.isEmpty()) {
                undecidable.add(condition);
                out.put(condition, pair);
            } else {
                out.put(condition, new Comparison.Pair(new Sample(b), new Sample(c)));
            }
            if (b.size() + c.size() < before) {
                left.put(condition, before - b.size() - c.size());
            }
        });
        return new ClientLimitedRepeats(out, undecidable, left);
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
                    .map(j -> new Judgement(j.criterion(), j.estimate(), Verdict.INCONCLUSIVE, -1, NOTE)).toList();
            out.add(new Comparison.ConditionResult(c.condition(), c.estimates(), judgements,
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
        return String.format(Locale.ROOT, "client-limited: %d run(s) left out in %d of %d conditions (the client fell"
                + " behind its schedule: lag p99 above 10 ms in at least 2 requests; with a paired design the other"
                + " side's same repeat goes too)%s; a busy machine decides nothing", runs, left.size(), pairs.size(),
                undecidable.isEmpty() ? "" : "; no clean repeat left, so inconclusive: " + String.join(", ", undecidable));
    }
}
