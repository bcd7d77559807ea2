package dev.infergate.analysis.compare;

import dev.infergate.analysis.Distribution;
import dev.infergate.record.ImportedFrom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A candidate's runs against a baseline known only by its aggregates ({@link AggregateBaseline}). The baseline has
 * no request to resample, so there is no interval on its side: each relative criterion is judged on the
 * candidate's own bootstrap interval divided by the baseline's point value, its half-widths grown by
 * sqrt(1 + n_candidate / n_baseline) (the baseline's sampling error, unknown, taken as the candidate's at the
 * baseline's request count), then widened by the run-to-run allowance as for any single run (drift). A
 * criterion on a statistic the file does not carry is inconclusive, "not judged", never estimated. Absolute
 * bounds ({@code max}, {@code min}) judge the candidate alone, as always.
 */
final class AggregateComparison {
    private AggregateComparison() {}

    static ComparisonRun of(AggregateBaseline base, RunSet cand, Criteria criteria, Bootstrap bootstrap,
            double runToRunAllowance, List<String> notes) {
        if (cand.conditions().size() != 1) {
            throw new IllegalArgumentException("the baseline " + base.imported().describe() + " holds aggregates only and"
                    + " stands for one condition; the candidate holds " + cand.conditions().size() + " ("
                    + String.join(", ", cand.conditions().keySet()) + "): compare one condition's runs");
        }
        String name = cand.conditions().keySet().iterator().next();
        Sample sample = cand.conditions().get(name);
        List<Criterion> judged = criteria.forCondition(name).stream()
                .filter(c -> sample.sessions() > 0 || !c.statistic().metric().perSession())
                .filter(c -> !Comparison.deliveryShare(c.statistic().metric())).toList(); // an aggregate has no delivery
        criteria.forCondition(name).stream().filter(c -> Comparison.deliveryShare(c.statistic().metric()))
                .forEach(c -> notes.add("not judged: " + c.describe() + " (the baseline's delivery is unknown: an"
                        + " aggregate carries no stream timing); the candidate's: " + SideDelivery.of(sample).describe()));
        List<Statistic> stats = new ArrayList<>(Comparison.SHOWN);
        if (sample.reasoning()) {
            stats.addAll(Comparison.SHOWN_FOR_REASONING); // the candidate's own figures; an aggregate carries none
        }
        judged.forEach(c -> {
            if (!stats.contains(c.statistic())) {
                stats.add(c.statistic());
            }
        });
        Map<Statistic, Estimate> estimates = new LinkedHashMap<>();
        // the candidate against itself: only its own value and interval are read from these estimates
        for (Estimate own : bootstrap.compare(stats, sample, sample, name)) {
            estimates.put(own.statistic(), against(base, own));
        }
        List<Judgement> judgements = judged.stream().map(c -> judge(c, estimates.get(c.statistic()), base,
                runToRunAllowance, sample)).toList();
        Set<String> unjudged = new LinkedHashSet<>();
        judgements.stream().filter(j -> j.criterion().bound().relative() && Double.isNaN(j.estimate().baseline()))
                .forEach(j -> unjudged.add(j.criterion().describe()));
        Verdict verdict = Verdict.combine(judgements.stream().map(Judgement::verdict).toList());
        Comparison.ConditionResult condition = new Comparison.ConditionResult(name, List.copyOf(estimates.values()),
                judgements, verdict, runToRunAllowance);
        Comparison.Result result = ImportNotes.reword(new Comparison.Result(List.of(condition), verdict,
                bootstrap.confidence()), true); // the aggregate is one run, forever
        clientLimitedNote(cand.conditions().get(name), notes);
        notes.add(note(base, runToRunAllowance));
        if (!unjudged.isEmpty()) {
            notes.add("not judged, the baseline's file carries no such figure (inconclusive, not passed): "
                    + String.join("; ", unjudged));
        }
        return new ComparisonRun(result, EnvironmentDiff.of(List.of(base.run()), cand.runs()), notes);
    }

    /** {@code c} on {@code e}: not judged without the baseline's figure or with too few requests behind a tail. */
    private static Judgement judge(Criterion c, Estimate e, AggregateBaseline base, double runToRunAllowance,
            Sample candidate) {
        if (c.bound().relative() && Double.isNaN(e.baseline())) {
            return new Judgement(c, e, Verdict.INCONCLUSIVE, -1, "not judged: the baseline has no per-request data and "
                    + base.imported().source() + " carries no " + c.statistic().key());
        }
        if (c.bound().relative() && tooFewForTail(c.statistic(), base.requests())) {
            return new Judgement(c, e, Verdict.INCONCLUSIVE, -1, "not judged: the baseline's " + c.statistic().key()
                    + " rests on " + base.requests() + " requests, too few for a tail percentile (fewer than "
                    + Distribution.TAIL_SAMPLES_WANTED + " beyond it), and without its requests its noise cannot be"
                    + " resampled");
        }
        // the aggregate baseline reports no lateness of its own: only the candidate's can hold a verdict back
        return c.judge(e, runToRunAllowance, Lateness.NONE, candidate.lateness());
    }

    /** A note when some candidate run was late; its lateness is a bound on each criterion, never a reason to drop it. */
    private static void clientLimitedNote(Sample candidate, List<String> notes) {
        long limited = candidate.repeats().stream().filter(RepeatSample::limited).count();
        if (limited > 0) {
            Lateness worst = candidate.lateness();
            notes.add(String.format(Locale.ROOT, "late runs: %d of %d candidate run(s) had a client behind its schedule or"
                    + " a simulator behind its model; kept, with their lateness (at worst %,.0f ms on latencies, %.1f %%"
                    + " of the window on rates) as a bound each criterion must clear", limited, candidate.repeats().size(),
                    worst.latencyMs(), worst.rateShare() * 100));
        }
    }

    /**
     * Whether the baseline's tail percentile {@code s} rests on too few requests to be taken as a point value: with
     * requests the bootstrap would show how loose it is; without them nothing would, so it is not judged. A file that
     * does not say how many requests it holds (-1) is taken at its word.
     */
    private static boolean tooFewForTail(Statistic s, long requests) {
        return s.isPercentile() && requests >= 0 && !Distribution.enoughSamples(requests, s.percentile());
    }

    /** {@code own} (the candidate against itself) with the baseline's point value and the delta's interval from it. */
    private static Estimate against(AggregateBaseline base, Estimate own) {
        double b = base.value(own.statistic());
        double c = own.candidate();
        // the baseline's own sampling error, unknown, taken as the candidate's at the baseline's request count
        // (the same distribution sampled n_b times): variances add, so each half-width grows by sqrt(1 + n_c / n_b)
        double grow = base.requests() > 0 ? Math.sqrt(1 + (double) own.candidateCount() / base.requests()) : 1;
        return new Estimate(own.statistic(), b, c, Estimate.relative(b, c),
                Estimate.relative(b, c - (c - own.candidateLow()) * grow),
                Estimate.relative(b, c + (own.candidateHigh() - c) * grow), own.candidateLow(),
                own.candidateHigh(), Double.isNaN(b) ? 0 : Math.max(0, base.requests()), own.candidateCount(), 1,
                own.candidateRepeats(), own.confidence(), own.lowSample());
    }

    private static String note(AggregateBaseline base, double allowance) {
        ImportedFrom imported = base.imported();
        String drift = allowance > 0 ? String.format(Locale.ROOT, "then widened by the %s run-to-run allowance for the"
                + " drift between runs", percent(allowance)) : "with no run-to-run allowance (0): no room for drift between runs";
        return "baseline " + imported.describe() + " holds aggregates only (no per-request values): a fixed baseline"
                + " with no interval of its own; each criterion on a change is judged by the candidate's interval"
                + " against the baseline's value, its half-width grown by sqrt(1 + n_candidate / n_baseline) for the"
                + " baseline's own sampling error, " + drift;
    }

    private static String percent(double fraction) {
        double p = Math.round(fraction * 1000) / 10.0;
        return (p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p)) + " %";
    }
}
