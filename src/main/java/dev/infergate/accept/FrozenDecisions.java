package dev.infergate.accept;

import dev.infergate.analysis.compare.Comparison;
import dev.infergate.analysis.compare.Criterion;
import dev.infergate.analysis.compare.Judgement;
import dev.infergate.analysis.compare.Verdict;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The decisions of {@code accept --until-decided} so far: the first look at which a criterion's interval cleared
 * its limit decides it for good (its error is spent then, {@link AlphaSpending}); later looks only judge what is
 * still undecided, so a decided criterion cannot flip when the interval of a later look happens to straddle.
 */
final class FrozenDecisions {
    private final Map<String, Map<Criterion, Judgement>> decided = new HashMap<>();
    private final Map<String, Map<Criterion, Integer>> decidedAt = new HashMap<>();

    /** {@code look}'s result with every earlier decision kept, and its own new decisions recorded. */
    Comparison.Result merge(Comparison.Result look, int lookNumber) {
        List<Comparison.ConditionResult> out = new ArrayList<>();
        for (Comparison.ConditionResult c : look.conditions()) {
            Map<Criterion, Judgement> kept = decided.computeIfAbsent(c.condition(), k -> new LinkedHashMap<>());
            Map<Criterion, Integer> at = decidedAt.computeIfAbsent(c.condition(), k -> new LinkedHashMap<>());
            List<Judgement> judgements = new ArrayList<>();
            for (Judgement j : c.judgements()) {
                Judgement earlier = kept.get(j.criterion());
                if (earlier == null && j.verdict() != Verdict.INCONCLUSIVE) {
                    kept.put(j.criterion(), j);
                    at.put(j.criterion(), lookNumber);
                }
                judgements.add(earlier != null ? earlier : j);
            }
            out.add(c.rejudged(judgements,
                    Verdict.combine(judgements.stream().map(Judgement::verdict).toList())));
        }
        return new Comparison.Result(out, Verdict.combine(out.stream().map(Comparison.ConditionResult::verdict).toList()),
                look.confidence());
    }

    /** The look that decided {@code criterion} in {@code condition}, or 0 while undecided. */
    int decidedAt(String condition, Criterion criterion) {
        return decidedAt.getOrDefault(condition, Map.of()).getOrDefault(criterion, 0);
    }
}
