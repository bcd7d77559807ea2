package dev.infergate.analysis.quality;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.json.Json;
import dev.infergate.record.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Baseline against candidate on the same evaluation items: each side's accuracy, the paired accuracy drop
 * (baseline − candidate) with an interval and McNemar's exact p-value, how often the greedy outputs are
 * identical, the log-prob divergence where both sides returned log-probs, and the verdict against a
 * {@link QualityCriterion}. A pure function of the two result directories ({@code quality.json} and
 * {@code quality-items.jsonl}).
 *
 * @param eval              the eval set both sides ran ({@code quality.json}'s {@code eval})
 * @param pairedItems       items present on both sides
 * @param onlyBaseline      items only the baseline answered correctly
 * @param onlyCandidate     items only the candidate answered correctly
 * @param bothCorrect       items both answered correctly
 * @param baseline          the baseline's accuracy on the paired items (Wilson)
 * @param candidate         the candidate's accuracy on the paired items (Wilson)
 * @param drop              baseline − candidate accuracy (Agresti–Min paired interval); positive = candidate worse
 * @param mcnemarP          McNemar's exact two-sided p-value for any difference
 * @param identicalOutputs  share of paired items, both answered, whose outputs are identical
 * @param logprobDivergence mean per-item {@link Agreement#meanTopLogprobDivergence}, or null without log-probs
 * @param logprobItems      items that contributed to {@code logprobDivergence}
 * @param criterion         the criterion judged
 * @param verdict           pass, fail or inconclusive
 * @param itemsNeeded       when inconclusive, a rough estimate of the items that would settle it
 *                          (interval width shrinking as 1/√n at the observed disagreement); else null
 * @param reason            one sentence explaining the verdict
 */
public record QualityComparison(EvalHeader eval, int pairedItems, int onlyBaseline, int onlyCandidate,
        int bothCorrect, Interval baseline, Interval candidate, Interval drop, double mcnemarP, double identicalOutputs,
        Double logprobDivergence, int logprobItems, QualityCriterion criterion, QualityVerdict verdict, Long itemsNeeded,
        String reason) {

    public static final String SCHEMA = "infergate.quality-comparison/1";
    public static final String FILE = "quality-comparison.json";

    /** Reads both result directories and compares them; IllegalArgumentException when they cannot be paired. */
    public static QualityComparison compare(Path baselineDir, Path candidateDir, QualityCriterion criterion) {
        EvalHeader base = QualitySummary.readEval(baselineDir);
        EvalHeader cand = QualitySummary.readEval(candidateDir);
        if (!base.equals(cand)) {
            throw new IllegalArgumentException("the two sides ran different eval sets (" + describe(base) + " vs "
                    + describe(cand) + "); run both with the same --eval, --seed and --items");
        }
        try {
            return of(base, ItemLog.read(baselineDir.resolve(ItemLog.FILE)),
                    ItemLog.read(candidateDir.resolve(ItemLog.FILE)), criterion);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the item results: " + e.getMessage(), e);
        }
    }

    /** Compares two sides' item results, paired by item id. */
    public static QualityComparison of(EvalHeader eval, List<ItemResult> baselineItems,
            List<ItemResult> candidateItems, QualityCriterion criterion) {
        Map<String, ItemResult> cand = candidateItems.stream()
                .collect(Collectors.toMap(ItemResult::id, Function.identity(), (a, b) -> a, LinkedHashMap::new));
        int n = 0;
        int onlyBase = 0;
        int onlyCand = 0;
        int both = 0;
        int bothAnswered = 0;
        int identical = 0;
        List<Double> divergences = new ArrayList<>();
        for (ItemResult b : baselineItems) {
            ItemResult c = cand.get(b.id());
            if (c == null) {
                continue;
            }
            if (b.promptSha256() != null && c.promptSha256() != null && !b.promptSha256().equals(c.promptSha256())) {
                throw new IllegalArgumentException("item " + b.id() + " has different prompts on the two sides;"
                        + " run both with the same eval set and seed");
            }
            n++;
            onlyBase += b.correct() && !c.correct() ? 1 : 0;
            onlyCand += !b.correct() && c.correct() ? 1 : 0;
            both += b.correct() && c.correct() ? 1 : 0;
            if (!b.failed() && !c.failed()) {
                bothAnswered++;
                identical += Objects.equals(b.output(), c.output()) ? 1 : 0;
                Double d = Agreement.meanTopLogprobDivergence(b.logprobs(), c.logprobs());
                if (d != null) {
                    divergences.add(d);
                }
            }
        }
        if (n == 0) {
            throw new IllegalArgumentException("the two sides share no item ids; run both with the same eval set");
        }
        double conf = criterion.confidence();
        Interval drop = Proportions.pairedDifference(onlyBase, onlyCand, n, conf);
        Judgement j = both + onlyBase + onlyCand == 0 ? NOT_MEASURED : judge(drop, criterion, n);
        return new QualityComparison(eval, n, onlyBase, onlyCand, both, Proportions.wilson(both + onlyBase, n, conf),
                Proportions.wilson(both + onlyCand, n, conf), drop, McNemar.exactPValue(onlyBase, onlyCand),
                bothAnswered == 0 ? 0 : (double) identical / bothAnswered,
                divergences.isEmpty() ? null : divergences.stream().mapToDouble(Double::doubleValue).average().orElseThrow(),
                divergences.size(), criterion, j.verdict, j.itemsNeeded, j.reason);
    }

    private record Judgement(QualityVerdict verdict, Long itemsNeeded, String reason) {}

    /**
     * 0 % against 0 % is no evidence that quality held: the eval measured nothing (a model too weak for the set, or
     * answers the scorer cannot read). More items would not settle it.
     */
    private static final Judgement NOT_MEASURED = new Judgement(QualityVerdict.INCONCLUSIVE, null,
            "not measured: neither side answered any item correctly, so this eval cannot show a drop;"
                    + " use an eval set the model can answer");

    private static Judgement judge(Interval drop, QualityCriterion criterion, int n) {
        double allowed = criterion.maxDrop();
        String ci = Percent.of(drop.estimate()) + " (" + Math.round(drop.confidence() * 100) + "% CI "
                + Percent.of(drop.low()) + " to " + Percent.of(drop.high()) + ")";
        if (drop.high() <= allowed) {
            return new Judgement(QualityVerdict.PASS, null, "accuracy drop " + ci + " is within the allowed " + Percent.of(allowed));
        }
        if (drop.low() > allowed) {
            return new Judgement(QualityVerdict.FAIL, null, "accuracy drop " + ci + " exceeds the allowed " + Percent.of(allowed));
        }
        double half = (drop.high() - drop.low()) / 2;
        double distance = Math.abs((drop.high() + drop.low()) / 2 - allowed);
        Long needed = distance < 1e-9 ? null : (long) Math.ceil(n * (half / distance) * (half / distance));
        return new Judgement(QualityVerdict.INCONCLUSIVE, needed, "accuracy drop " + ci + " straddles the allowed "
                + Percent.of(allowed) + ": " + n + " items are too few to tell"
                + (needed == null ? "" : "; about " + needed + " would settle it if the difference holds"));
    }

    /** The comparison as JSON ({@value #SCHEMA}). */
    public Document document() {
        return new Document(SCHEMA, eval, pairedItems, baseline.written("wilson"), candidate.written("wilson"),
                new Pairs(bothCorrect, onlyBaseline, onlyCandidate, pairedItems - bothCorrect - onlyBaseline - onlyCandidate),
                drop.written("agresti-min paired"), Interval.round(mcnemarP), new OutputAgreement(Interval.round(identicalOutputs),
                        logprobDivergence == null ? null : Interval.round(logprobDivergence), logprobItems),
                new Criterion("quality.accuracy", criterion.maxDrop(), criterion.confidence(), verdict.key(), itemsNeeded, reason));
    }

    /**
     * quality-comparison.json.
     *
     * @param eval the eval set's header as quality.json gave it (name, source, seed, items)
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Document(String schema, EvalHeader eval, int pairedItems, Interval.Written baselineAccuracy,
            Interval.Written candidateAccuracy, Pairs pairs, Interval.Written accuracyDrop,
            @JsonProperty("mcnemar_exact_p") double mcnemarExactP, OutputAgreement agreement, Criterion criterion) {}

    /** The 2 x 2 table of paired items. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Pairs(int bothCorrect, int onlyBaselineCorrect, int onlyCandidateCorrect, int bothWrong) {}

    /** How alike the answers were; the divergence is null without logprobs. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record OutputAgreement(double identicalOutputs, Double topLogprobDivergence, int logprobItems) {}

    /** The criterion and its verdict; items needed only when inconclusive and a count would settle it. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Criterion(String metric, double maxDrop, double confidence, String verdict, Long itemsNeeded, String reason) {}

    /** Writes {@link #document()} to {@code file}. */
    public void write(Path file) throws IOException {
        AtomicFiles.writeJson(Json.PRETTY, file, document());
    }

    /** "arithmetic from bundled, seed 1, 20 items": an eval set in one phrase. */
    private static String describe(EvalHeader eval) {
        return eval.name() + " from " + eval.source() + ", seed " + eval.seed() + ", " + eval.items() + " items";
    }
}
