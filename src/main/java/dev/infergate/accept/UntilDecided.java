package dev.infergate.accept;

import dev.infergate.analysis.compare.Comparison;
import dev.infergate.analysis.compare.Judgement;
import dev.infergate.analysis.compare.Verdict;
import dev.infergate.run.RunService;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * {@code accept --until-decided}: after the plan's own repeats (the first look), keeps adding interleaved repeats
 * to the conditions that still have an undecided criterion and judges again, until every criterion is decided,
 * the declared maximum of looks is reached, or the next look would not fit in the budget. Each look judges with
 * the confidence {@link AlphaSpending} gives it, and {@link FrozenDecisions} keeps what earlier looks decided.
 * The runs and the judging are behind {@link Looks}, and time comes from an injected clock, so the stopping
 * logic is tested with fake runs.
 */
public final class UntilDecided {
    /** What the loop drives: the runs and the judging. */
    interface Looks {
        /** Runs repeat number {@code repeat} of {@code condition} on both sides (interleaved). */
        void addRepeat(String condition, int repeat) throws RunService.SetupException, IOException;

        /** Compares everything recorded so far, with intervals at {@code confidence} from {@code resamples}. */
        Comparison.Result judge(double confidence, int resamples);
    }

    /**
     * @param budget         time the added looks may take, counted from the first look (the plan's own runs are
     *                       not counted); a look that would not fit is not started
     * @param spending       the error rate held across the looks and the most looks
     * @param repeatsPerLook fewest repeats added per side to each undecided condition at a look (more when the
     *                       estimates ask for more, at most doubling the condition's repeats: {@link #step})
     */
    public record Settings(Duration budget, AlphaSpending spending, int repeatsPerLook) {
        public Settings {
            if (budget == null || budget.isNegative() || budget.isZero()) {
                throw new IllegalArgumentException("budget (" + budget + ") must be > 0");
            }
            if (spending == null || repeatsPerLook < 1) {
                throw new IllegalArgumentException("spending must be set and repeatsPerLook (" + repeatsPerLook + ") >= 1");
            }
        }
    }

    /** Why the looks stopped. */
    public enum Stop {
        DECIDED("every criterion decided"),
        MAX_LOOKS("the declared maximum of looks was reached"),
        FUTILE("every criterion left sits on its limit: within the allowance of it, and more repeats than the budget"
                + " allows would be needed to settle it"),
        BUDGET("the next look would not fit in the budget");

        private final String reason;

        Stop(String reason) {
            this.reason = reason;
        }

        public String reason() {
            return reason;
        }
    }

    /**
     * A criterion still undecided, and what would settle it if its estimate held.
     *
     * @param condition        the condition
     * @param criterion        the criterion, as written
     * @param moreRequests     further requests per side that would settle it; -1 when no number would
     * @param moreRepeats      further repeats per side; -1 when unknown
     * @param nanosLeft        the time those repeats would take at the pace measured so far; -1 when unknown
     * @param futile           its interval lies within the allowance of the limit on both sides, and what would
     *                         settle it does not fit in the budget left (or no sample size would): no more repeats
     */
    public record Undecided(String condition, String criterion, long moreRequests, int moreRepeats, long nanosLeft,
            boolean futile) {}

    /**
     * What the looks found.
     *
     * @param result        the final comparison, earlier decisions kept
     * @param looks         looks taken (the first is the plan's own repeats)
     * @param spending      the spending rule
     * @param stop          why they stopped
     * @param repeats       repeats per condition and side at the end
     * @param addedRepeats  repeats added per side over every condition
     * @param addedRequests measured requests added per side over every condition
     * @param elapsedNanos  time the added looks took (judging included)
     * @param undecided     what is still undecided
     * @param nanosLeft     the time still needed to settle all of it at the pace so far; -1 when unknown
     */
    public record Outcome(Comparison.Result result, int looks, AlphaSpending spending, Stop stop, Map<String, Integer> repeats,
            int addedRepeats, long addedRequests, long elapsedNanos, List<Undecided> undecided, long nanosLeft) {}

    private final Settings settings;
    private final Looks looks;
    private final LongSupplier nanoClock;
    private final Consumer<String> progress;
    private final int requestsPerRepeat;
    private final double futilityAllowance;
    private final Map<String, long[]> pace = new HashMap<>();
    private long firstGuessNanosPerRepeat;

    /**
     * @param requestsPerRepeat measured requests per side in one repeat of a condition
     * @param futilityAllowance how close to its limit (a fraction of delta for relative criteria, of the limit for
     *                          absolute ones) an interval must lie on both sides to count as sitting on it: the plan's
     *                          run-to-run allowance, a difference smaller than what runs drift by
     * @param nanoClock         monotonic nanoseconds ({@code System::nanoTime}; a fake in tests)
     */
    UntilDecided(Settings settings, Looks looks, int requestsPerRepeat, double futilityAllowance, LongSupplier nanoClock,
            Consumer<String> progress) {
        if (!(futilityAllowance >= 0)) {
            throw new IllegalArgumentException("futilityAllowance (" + futilityAllowance + ") must be >= 0");
        }
        this.settings = settings;
        this.looks = looks;
        this.requestsPerRepeat = requestsPerRepeat;
        this.futilityAllowance = futilityAllowance;
        this.nanoClock = nanoClock;
        this.progress = progress == null ? s -> { } : progress;
    }

    /**
     * Takes the looks.
     *
     * @param repeatsSoFar             repeats per condition already run (the plan's own)
     * @param firstGuessNanosPerRepeat time one repeat of a condition (both sides) took in the plan's own runs, the
     *                                 pace assumed until added repeats measure it
     */
    Outcome run(Map<String, Integer> repeatsSoFar, long firstGuessNanosPerRepeat)
            throws RunService.SetupException, IOException {
        this.firstGuessNanosPerRepeat = firstGuessNanosPerRepeat;
        AlphaSpending spending = settings.spending();
        Map<String, Integer> repeats = new LinkedHashMap<>(repeatsSoFar);
        FrozenDecisions frozen = new FrozenDecisions();
        long start = nanoClock.getAsLong();
        int look = 1;
        int added = 0;
        Comparison.Result result = frozen.merge(looks.judge(spending.confidenceAt(1), spending.resamplesAt(1)), 1);
        Stop stop;
        while (true) {
            List<String> open = undecidedConditions(result);
            if (open.isEmpty()) {
                stop = Stop.DECIDED;
                break;
            }
            open = worthARepeat(result, open, settings.budget().toNanos() - (nanoClock.getAsLong() - start));
            if (open.isEmpty()) {
                stop = Stop.FUTILE;
                break;
            }
            if (look >= spending.maxLooks()) {
                stop = Stop.MAX_LOOKS;
                break;
            }
            Map<String, Integer> step = step(result, open, repeats);
            long nextLookNanos = 0;
            for (String c : open) {
                nextLookNanos += step.get(c) * nanosPerRepeat(c);
            }
            long elapsed = nanoClock.getAsLong() - start;
            if (elapsed + nextLookNanos > settings.budget().toNanos()) {
                stop = Stop.BUDGET;
                break;
            }
            look++;
            progress.accept(UntilDecidedText.nextLook(look, spending, step, nextLookNanos, settings.budget().toNanos() - elapsed));
            for (String c : open) {
                for (int i = 0; i < step.get(c); i++) {
                    int k = repeats.merge(c, 1, Integer::sum);
                    long t0 = nanoClock.getAsLong();
                    looks.addRepeat(c, k);
                    long[] p = pace.computeIfAbsent(c, x -> new long[2]);
                    p[0] += nanoClock.getAsLong() - t0;
                    p[1]++;
                    added++;
                }
            }
            result = frozen.merge(looks.judge(spending.confidenceAt(look), spending.resamplesAt(look)), look);
        }
        List<Undecided> undecided = undecided(result, settings.budget().toNanos() - (nanoClock.getAsLong() - start));
        long left = undecided.stream().anyMatch(u -> u.nanosLeft() < 0) ? -1 : leftNanos(undecided);
        Outcome outcome = new Outcome(result, look, spending, stop, repeats, added, (long) added * requestsPerRepeat,
                nanoClock.getAsLong() - start, undecided, left);
        UntilDecidedText.summary(outcome).forEach(progress);
        return outcome;
    }

    /**
     * The repeats to add to each open condition at the next look: what its slowest undecided criterion needs if its
     * estimate holds, at least {@link Settings#repeatsPerLook()} and at most as many as it has (at most doubling:
     * an estimate from few repeats is rough, and a look that overshoots costs time the budget may not have). Without
     * an estimate (a figure on its limit) it doubles.
     */
    Map<String, Integer> step(Comparison.Result result, List<String> open, Map<String, Integer> repeats) {
        Map<String, Integer> wanted = new LinkedHashMap<>();
        for (Undecided u : undecided(result, Long.MAX_VALUE)) {
            int want = u.moreRepeats() < 0 ? Integer.MAX_VALUE : u.moreRepeats();
            wanted.merge(u.condition(), want, Math::max);
        }
        Map<String, Integer> step = new LinkedHashMap<>();
        for (String c : open) {
            int have = repeats.getOrDefault(c, 1);
            step.put(c, Math.max(settings.repeatsPerLook(), Math.min(wanted.getOrDefault(c, have), have)));
        }
        return step;
    }

    /** Conditions with an undecided criterion, in comparison order. */
    static List<String> undecidedConditions(Comparison.Result result) {
        return result.conditions().stream()
                .filter(c -> c.judgements().stream().anyMatch(j -> j.verdict() == Verdict.INCONCLUSIVE))
                .map(Comparison.ConditionResult::condition).toList();
    }

    /**
     * The open conditions still worth a repeat: those with an undecided criterion that is not futile with
     * {@code budgetLeftNanos} left. A condition whose every undecided criterion sits on its limit gets no more
     * repeats; when none is left, the looks stop ({@link Stop#FUTILE}).
     */
    private List<String> worthARepeat(Comparison.Result result, List<String> open, long budgetLeftNanos) {
        List<String> worth = new ArrayList<>();
        for (Undecided u : undecided(result, budgetLeftNanos)) {
            if (!u.futile() && open.contains(u.condition()) && !worth.contains(u.condition())) {
                worth.add(u.condition());
            }
        }
        List<String> futile = open.stream().filter(c -> !worth.contains(c)).toList();
        if (!futile.isEmpty()) {
            progress.accept("until decided: no more repeats for " + String.join(", ", futile) + ": every criterion left there"
                    + " sits on its limit (its interval within the " + Math.round(futilityAllowance * 100) + " % allowance"
                    + " of it) and would need more than the budget left to settle");
        }
        return open.stream().filter(worth::contains).toList();
    }

    /**
     * Every undecided criterion with what would settle it; futile when it {@link Futility#sitsOnLimit sits on its limit}
     * and settling it needs more than {@code budgetLeftNanos} (or no sample size would).
     */
    List<Undecided> undecided(Comparison.Result result, long budgetLeftNanos) {
        List<Undecided> out = new ArrayList<>();
        for (Comparison.ConditionResult c : result.conditions()) {
            for (Judgement j : c.judgements()) {
                if (j.verdict() != Verdict.INCONCLUSIVE) {
                    continue;
                }
                long n = Math.max(j.estimate().baselineCount(), j.estimate().candidateCount());
                int repeats = Math.min(j.estimate().baselineRepeats(), j.estimate().candidateRepeats());
                if (j.samplesToSettle() <= 0 && repeats < Comparison.MIN_REPEATS_FOR_DRIFT && Futility.clearsLimit(j)) {
                    // held back only by the run-to-run allowance, which the repeats up to MIN_REPEATS_FOR_DRIFT remove:
                    // never futile, whatever the budget (the advice says so; stopping here would loop on it)
                    int moreRepeats = Comparison.MIN_REPEATS_FOR_DRIFT - repeats;
                    out.add(new Undecided(c.condition(), j.criterion().describe(), (long) moreRepeats * requestsPerRepeat,
                            moreRepeats, moreRepeats * nanosPerRepeat(c.condition()), false));
                    continue;
                }
                if (j.samplesToSettle() <= 0) {
                    out.add(new Undecided(c.condition(), j.criterion().describe(), -1, -1, -1, Futility.sitsOnLimit(j, futilityAllowance)));
                    continue;
                }
                long more = Math.max(1, j.samplesToSettle() - n);
                int moreRepeats = (int) Math.min(Integer.MAX_VALUE, (more + requestsPerRepeat - 1) / requestsPerRepeat);
                long nanos = moreRepeats * nanosPerRepeat(c.condition());
                out.add(new Undecided(c.condition(), j.criterion().describe(), more, moreRepeats, nanos,
                        Futility.sitsOnLimit(j, futilityAllowance) && nanos > budgetLeftNanos));
            }
        }
        return out;
    }

    /** The time left: per condition, its slowest-to-settle criterion; conditions run one after another. */
    private static long leftNanos(List<Undecided> undecided) {
        Map<String, Long> perCondition = new LinkedHashMap<>();
        undecided.forEach(u -> perCondition.merge(u.condition(), u.nanosLeft(), Math::max));
        return perCondition.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The pace of one repeat of {@code condition} (both sides): measured when added repeats ran, else a guess. */
    private long nanosPerRepeat(String condition) {
        long[] p = pace.get(condition);
        if (p != null && p[1] > 0) {
            return p[0] / p[1];
        }
        long total = 0;
        long count = 0;
        for (long[] q : pace.values()) {
            total += q[0];
            count += q[1];
        }
        return count > 0 ? total / count : firstGuessNanosPerRepeat;
    }
}
