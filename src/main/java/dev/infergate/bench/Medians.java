package dev.infergate.bench;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * The median over repeats of one point, column by column: machines are noisy, so the figures quoted are
 * medians of several runs, never a best run. Each column's median is taken on its own (lower median for
 * an even count); since every run has p99 <= p99.9 <= max, so do the medians. Counts of requests not
 * compared are summed, so a failure in any repeat shows.
 */
public final class Medians {
    private Medians() {}

    public static AccuracyBench.Result of(List<AccuracyBench.Result> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("runs must not be empty");
        }
        List<ErrorSummary> e = runs.stream().map(AccuracyBench.Result::errors).toList();
        ErrorSummary summary = new ErrorSummary(
                (long) median(e, ErrorSummary::compared),
                e.stream().mapToLong(ErrorSummary::failed).sum(),
                e.stream().mapToLong(ErrorSummary::withoutTruth).sum(),
                e.stream().mapToLong(ErrorSummary::mismatched).sum(),
                (long) median(e, ErrorSummary::events),
                median(e, ErrorSummary::eventsPerSecond),
                spread(e.stream().map(ErrorSummary::eventError).toList()),
                spread(e.stream().map(ErrorSummary::ttftError).toList()),
                spread(e.stream().map(ErrorSummary::itlError).toList()),
                spread(e.stream().map(ErrorSummary::serverLateness).toList()),
                spread(e.stream().map(ErrorSummary::requestTrip).toList()));
        return new AccuracyBench.Result(runs.get(0).point(), summary,
                median(runs, AccuracyBench.Result::cpuCores), cpuByGroup(runs), median(runs, AccuracyBench.Result::wallSeconds),
                new GcPauses.Summary((long) median(runs, r -> r.gc().count()), (long) median(runs, r -> r.gc().totalMillis()),
                        (long) median(runs, r -> r.gc().maxMillis())));
    }

    static java.util.Map<String, Double> cpuByGroup(List<AccuracyBench.Result> runs) {
        java.util.Map<String, Double> m = new java.util.LinkedHashMap<>();
        for (String group : runs.get(0).cpuByGroup().keySet()) {
            m.put(group, median(runs, r -> r.cpuByGroup().getOrDefault(group, 0.0)));
        }
        return m;
    }

    static Spread spread(List<Spread> s) {
        return new Spread(lmedian(s, Spread::count), lmedian(s, Spread::medianNanos), lmedian(s, Spread::p99AbsNanos),
                lmedian(s, Spread::p999AbsNanos), lmedian(s, Spread::maxAbsNanos));
    }

    static <T> double median(List<T> items, ToDoubleFunction<T> f) {
        double[] v = items.stream().mapToDouble(f).sorted().toArray();
        return v[(v.length - 1) / 2];
    }

    static <T> long lmedian(List<T> items, ToLongFunction<T> f) {
        long[] v = items.stream().mapToLong(f).toArray();
        Arrays.sort(v);
        return v[(v.length - 1) / 2];
    }
}
