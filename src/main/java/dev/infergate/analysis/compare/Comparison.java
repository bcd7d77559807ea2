package dev.infergate.analysis.compare;

import dev.infergate.analysis.Metric;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares a baseline and a candidate condition by condition: estimates a standard set of figures plus
 * every statistic the criteria name, and judges the criteria. A pure function of the samples, the criteria
 * and the seed.
 */
public final class Comparison {
    /** Figures shown for every condition whether or not a criterion judges them. */
    public static final List<Statistic> SHOWN = List.of(
            Statistic.of(Metric.TTFT, 50), Statistic.of(Metric.TTFT, 95), Statistic.of(Metric.TTFT, 99),
            Statistic.of(Metric.TPOT, 50), Statistic.of(Metric.TPOT, 95), Statistic.of(Metric.TPOT, 99),
            Statistic.of(Metric.E2E, 50), Statistic.of(Metric.E2E, 95), Statistic.of(Metric.E2E, 99),
            Statistic.of(Metric.TTFT_FROM_SCHEDULED, 99), Statistic.of(Metric.E2E_FROM_SCHEDULED, 99),
            Statistic.of(Metric.QUEUE_WAIT, 99),
            Statistic.value(Metric.THROUGHPUT_OUTPUT_TOKENS), Statistic.value(Metric.THROUGHPUT_REQUESTS),
            Statistic.value(Metric.GOODPUT_REQUESTS), Statistic.value(Metric.GOODPUT_ATTAINMENT),
            Statistic.value(Metric.ERROR_RATE), Statistic.value(Metric.TIMEOUT_RATE),
            Statistic.value(Metric.CACHE_HIT_RATE));

    /**
     * Figures shown besides {@link #SHOWN} for a condition whose runs are agent sessions: the session total
     * ("agent turn latency" of the whole task), whose counts are completed sessions.
     */
    public static final List<Statistic> SHOWN_FOR_SESSIONS = List.of(
            Statistic.of(Metric.SESSION_TOTAL, 50), Statistic.of(Metric.SESSION_TOTAL, 90));

    /**
     * Figures shown besides {@link #SHOWN} for a condition where either side's answers reasoned: the wait for the first
     * answer token (what a chat UI that folds reasoning away shows first) and the reasoning and answer tokens per
     * completed request. Not shown for a condition without reasoning.
     */
    public static final List<Statistic> SHOWN_FOR_REASONING = List.of(
            Statistic.of(Metric.TIME_TO_FIRST_ANSWER, 50), Statistic.of(Metric.TIME_TO_FIRST_ANSWER, 95),
            Statistic.of(Metric.REASONING_TOKENS, 50), Statistic.of(Metric.REASONING_TOKENS, Statistic.MEAN),
            Statistic.of(Metric.ANSWER_TOKENS, 50), Statistic.of(Metric.ANSWER_TOKENS, Statistic.MEAN));

    /**
     * Figures shown besides {@link #SHOWN} where either side's streaming delivery is known (docs/metrics.md,
     * "Streaming delivery"): the shares of answers not streamed incrementally and buffered, the tokens per event and
     * the share of E2E spent before the first token.
     */
    public static final List<Statistic> SHOWN_FOR_DELIVERY = List.of(
            Statistic.value(Metric.DELIVERY_NOT_INCREMENTAL), Statistic.value(Metric.DELIVERY_BUFFERED),
            Statistic.of(Metric.TOKENS_PER_EVENT, 50), Statistic.of(Metric.TTFT_SHARE_OF_E2E, 50));

    /** Whether {@code m} is a delivery share: judged only where both sides' delivery is known. */
    public static boolean deliveryShare(Metric m) {
        return m == Metric.DELIVERY_NOT_INCREMENTAL || m == Metric.DELIVERY_BUFFERED;
    }

    /**
     * With fewer than {@link #MIN_REPEATS_FOR_DRIFT} runs on a side the interval cannot see how much another run
     * would differ; relative criteria then pass or fail only when the interval widened by this allowance (in
     * quadrature) clears the threshold. 15 percentage points: identical simulators measured up to 20 % apart run to
     * run on a busy machine, and the default criteria's tightest relative threshold is 5 % (docs/acceptance.md,
     * "Too few runs per side").
     */
    public static final double DEFAULT_RUN_TO_RUN_ALLOWANCE = 0.15;

    /**
     * Runs per side from which the repeat stage of the bootstrap is trusted to carry the run-to-run variation:
     * with 2 values per side it resamples one difference between runs (3 distinct draws), too few to tell a
     * drift from an effect.
     */
    public static final int MIN_REPEATS_FOR_DRIFT = 3;

    /** Whether either side of {@code pair} has too few runs ({@link #MIN_REPEATS_FOR_DRIFT}) to measure drift. */
    public static boolean fewRuns(Pair pair) {
        return pair.baseline().repeats().size() < MIN_REPEATS_FOR_DRIFT
                || pair.candidate().repeats().size() < MIN_REPEATS_FOR_DRIFT;
    }

    /** t(0.975, 1 degree of freedom): the 95 % two-sided quantile for a mean of two values. */
    static final double T_975_ONE_DF = 12.706;

    /**
     * The run-to-run allowance of a relative criterion on {@code s} (docs/acceptance.md, "Too few runs per side"):
     * measured where the data allow, {@code fixed} where nothing can be measured. With one run on a side the drift
     * between runs is not seen at all: {@code fixed}. With two on each side, each repeat pair (repeat k of the
     * baseline against repeat k of the candidate, run back to back, interleaved) gives its own delta, and their
     * difference is the drift as this comparison saw it: the half-width of a 95 % t-interval for the mean of two
     * values, t(0.975, 1) x |d1 - d2| / 2, at most {@code fixed} (beyond it the bootstrap's repeat stage, which
     * resamples the two repeats, already carries a drift that large). Identical repeats measure no drift: a +14 %
     * that both repeat pairs show within a point is not held back by a 15 % allowance meant for drifts of 8-20 %.
     */
    static double measuredAllowance(Statistic s, Pair pair, double fixed) {
        List<RepeatSample> b = pair.baseline().repeats();
        List<RepeatSample> c = pair.candidate().repeats();
        if (b.size() != 2 || c.size() != 2) {
            return fixed;
        }
        double d1 = repeatDelta(s, b.get(0), c.get(0));
        double d2 = repeatDelta(s, b.get(1), c.get(1));
        if (Double.isNaN(d1) || Double.isNaN(d2)) {
            return fixed;
        }
        return Math.min(fixed, T_975_ONE_DF * Math.abs(d1 - d2) / 2);
    }

    /** {@code s}'s relative delta between one baseline repeat and one candidate repeat; NaN when undefined. */
    static double repeatDelta(Statistic s, RepeatSample baseline, RepeatSample candidate) {
        Evaluator evaluator = new Evaluator(List.of(s));
        Resample draw = new Resample();
        double[] base = new double[1];
        double[] cand = new double[1];
        Sample b = Sample.of(baseline);
        Sample c = Sample.of(candidate);
        draw.identity(b);
        evaluator.evaluate(b, draw, base);
        draw.identity(c);
        evaluator.evaluate(c, draw, cand);
        return Estimate.relative(base[0], cand[0]);
    }

    /** Baseline and candidate samples of one condition. */
    public record Pair(Sample baseline, Sample candidate) {}

    /**
     * One condition's result.
     *
     * @param condition  its name
     * @param estimates  every figure, shown ones first
     * @param judgements one per criterion that applies
     * @param verdict    the combination of the judgements (pass when there are none)
     * @param runToRunAllowance the allowance its relative criteria were judged with: the plan's (or compare's
     *                   default) when a side had too few runs to measure drift, 0 otherwise
     */
    public record ConditionResult(String condition, List<Estimate> estimates, List<Judgement> judgements, Verdict verdict,
            double runToRunAllowance) {

        /** The same condition with other judgements and verdict, judged under the same allowance. */
        public ConditionResult rejudged(List<Judgement> newJudgements, Verdict newVerdict) {
            return new ConditionResult(condition, estimates, newJudgements, newVerdict, runToRunAllowance);
        }
    }

    /** The whole comparison: conditions in the given order and the overall verdict. */
    public record Result(List<ConditionResult> conditions, Verdict verdict, double confidence) {}

    private Comparison() {}

    /** Compares every condition of {@code pairs} with the {@link #DEFAULT_RUN_TO_RUN_ALLOWANCE}. */
    public static Result run(Map<String, Pair> pairs, Criteria criteria, Bootstrap bootstrap) {
        return run(pairs, criteria, bootstrap, DEFAULT_RUN_TO_RUN_ALLOWANCE);
    }

    /**
     * Compares every condition of {@code pairs} (in map order) under {@code criteria}. Where a side has fewer
     * than {@link #MIN_REPEATS_FOR_DRIFT} runs, relative criteria are judged with {@code runToRunAllowance} ({@link Criterion#judge(Estimate, double)}).
     */
    public static Result run(Map<String, Pair> pairs, Criteria criteria, Bootstrap bootstrap, double runToRunAllowance) {
        List<ConditionResult> results = new ArrayList<>();
        for (Map.Entry<String, Pair> e : pairs.entrySet()) {
            Pair pair = e.getValue();
            double allowance = fewRuns(pair) ? runToRunAllowance : 0;
            results.add(condition(e.getKey(), pair, criteria.forCondition(e.getKey()), bootstrap, allowance));
        }
        return new Result(results, Verdict.combine(results.stream().map(ConditionResult::verdict).toList()),
                bootstrap.confidence());
    }

    /**
     * One condition. A criterion on a per-session metric does not apply to a condition without agent sessions
     * on either side (it judges nothing there, rather than being inconclusive for want of sessions); nor one on a
     * reasoning-only metric ({@link Metric#reasoningOnly}) to a condition where neither side's answers reasoned.
     */
    static ConditionResult condition(String name, Pair pair, List<Criterion> criteria, Bootstrap bootstrap,
            double runToRunAllowance) {
        boolean agent = pair.baseline().sessions() > 0 || pair.candidate().sessions() > 0;
        List<Statistic> stats = new ArrayList<>(SHOWN);
        if (agent) {
            stats.addAll(SHOWN_FOR_SESSIONS);
        }
        boolean reasoning = pair.baseline().reasoning() || pair.candidate().reasoning();
        if (reasoning) {
            stats.addAll(SHOWN_FOR_REASONING);
        }
        boolean deliveryEither = SideDelivery.of(pair.baseline()).known() || SideDelivery.of(pair.candidate()).known();
        if (deliveryEither) {
            stats.addAll(SHOWN_FOR_DELIVERY);
        }
        // a delivery criterion judges a change of delivery: unknown on a side (an import without stream timing, a run
        // that did not stream), it is not judged; ComparisonRun's note names it
        boolean deliveryBoth = SideDelivery.of(pair.baseline()).known() && SideDelivery.of(pair.candidate()).known();
        criteria = criteria.stream().filter(c -> agent || !c.statistic().metric().perSession())
                .filter(c -> reasoning || !c.statistic().metric().reasoningOnly())
                .filter(c -> deliveryBoth || !deliveryShare(c.statistic().metric())).toList();
        for (Criterion c : criteria) {
            if (!stats.contains(c.statistic())) {
                stats.add(c.statistic());
            }
        }
        Map<Statistic, Estimate> byStatistic = new LinkedHashMap<>();
        for (Estimate e : bootstrap.compare(stats, pair.baseline(), pair.candidate(), name)) {
            byStatistic.put(e.statistic(), e);
        }
        List<Judgement> judgements = new ArrayList<>();
        Criterion.WithoutLateness without = withoutLateness(pair, bootstrap, name, runToRunAllowance);
        for (Criterion c : criteria) {
            double allowance = runToRunAllowance > 0 && c.bound().relative()
                    ? measuredAllowance(c.statistic(), pair, runToRunAllowance) : runToRunAllowance;
            judgements.add(c.judge(byStatistic.get(c.statistic()), allowance, pair.baseline().lateness(),
                    pair.candidate().lateness(), without));
        }
        Verdict verdict = Verdict.combine(judgements.stream().map(Judgement::verdict).toList());
        return new ConditionResult(name, List.copyOf(byStatistic.values()), judgements, verdict, runToRunAllowance);
    }

    /**
     * Estimates with each side's requests moved by their own lateness ({@link Sample#moved}), on the condition's own
     * random stream so they resample the same requests as the estimates they bound, judged with the run-to-run
     * allowance measured on the moved runs (drift that was this machine's delays goes with them). Each moved side is
     * built once, when a criterion first asks.
     */
    private static Criterion.WithoutLateness withoutLateness(Pair pair, Bootstrap bootstrap, String name,
            double runToRunAllowance) {
        return new Criterion.WithoutLateness() {
            private final Map<String, Sample> moved = new java.util.HashMap<>();

            private Sample side(boolean candidate, RequestLateness.Take take) {
                String key = (candidate ? "c" : "b") + take;
                if (!moved.containsKey(key)) {
                    moved.put(key, (candidate ? pair.candidate() : pair.baseline()).moved(take));
                }
                return moved.get(key);
            }

            private Criterion.Moved estimate(Criterion c, Sample baseline, Sample candidate, Sample original, Sample most) {
                if (baseline == null || candidate == null) {
                    return null;
                }
                Pair movedPair = new Pair(baseline, candidate);
                double allowance = runToRunAllowance > 0 && c.bound().relative()
                        ? measuredAllowance(c.statistic(), movedPair, runToRunAllowance) : runToRunAllowance;
                return new Criterion.Moved(bootstrap.compare(List.of(c.statistic()), baseline, candidate, name).get(0),
                        allowance, Sample.largestMove(original, most, c.statistic().metric()));
            }

            @Override
            public Criterion.Moved forFail(Criterion c) {
                Sample most = side(true, RequestLateness.Take.MOST);
                return estimate(c, side(false, RequestLateness.Take.LEAST), most, pair.candidate(), most);
            }

            @Override
            public Criterion.Moved forPass(Criterion c) {
                Sample most = side(false, RequestLateness.Take.MOST);
                return estimate(c, most, side(true, RequestLateness.Take.LEAST), pair.baseline(), most);
            }
        };
    }
}
