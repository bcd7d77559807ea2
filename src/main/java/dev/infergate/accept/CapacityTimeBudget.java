package dev.infergate.accept;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The capacity step's time budget ({@code time_budget:}, {@code capacity --time-budget}): whether a side's next probe
 * would end within it, counted from the step's first probe, both sides' probes together.
 *
 * <p>A probe's length is known before it runs except for its tail: the warm-up and the measured time are the plan's,
 * but what follows (the cool-down until its measured requests have ended, the drain, writing its files) depends on the
 * server. The tail is predicted as the median of that side's tails so far (a probe's wall time less its warm-up and
 * measured time): a side's probes send the same work, so their last requests take about as long to end, and the median
 * is not thrown off by one overloaded probe whose backlog ran the whole cool-down. A side's first probe always runs
 * (there is no tail to predict from, and without a probe there is no answer at all); a client-limited rerun is the
 * machine's account and is not checked.
 */
final class CapacityTimeBudget {
    private final long budgetNanos;
    private final LongSupplier nanoClock;
    private final Map<String, List<Long>> tails = new HashMap<>();
    private long start = Long.MIN_VALUE;

    /**
     * @param budget    the longest the step may take; null: unlimited (every probe fits)
     * @param nanoClock a monotonic clock (System::nanoTime)
     */
    CapacityTimeBudget(Duration budget, LongSupplier nanoClock) {
        this.budgetNanos = budget == null ? Long.MAX_VALUE : budget.toNanos();
        this.nanoClock = nanoClock;
    }

    /** Whether a budget was set. */
    boolean limited() {
        return budgetNanos != Long.MAX_VALUE;
    }

    /** Time spent since the step's first probe began (0 before it). */
    long spentNanos() {
        return start == Long.MIN_VALUE ? 0 : nanoClock.getAsLong() - start;
    }

    /** The probe's predicted wall time: its warm-up, its measured time and {@code side}'s median tail; -1 before any probe of it. */
    long predictedNanos(String side, Duration warmup, Duration measured) {
        List<Long> t = tails.get(side);
        if (t == null || t.isEmpty()) {
            return -1;
        }
        List<Long> sorted = new ArrayList<>(t);
        sorted.sort(null);
        int n = sorted.size();
        long median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        return warmup.toNanos() + measured.toNanos() + median;
    }

    /** Whether {@code side}'s next probe, of this warm-up and measured time, is predicted to end within the budget. */
    boolean fits(String side, Duration warmup, Duration measured) {
        if (!limited()) {
            return true;
        }
        long predicted = predictedNanos(side, warmup, measured);
        return predicted < 0 || spentNanos() + predicted <= budgetNanos;
    }

    /** Marks a probe's start (the first starts the budget's clock); returns the clock's reading, for {@link #ran}. */
    long starting() {
        long now = nanoClock.getAsLong();
        if (start == Long.MIN_VALUE) {
            start = now;
        }
        return now;
    }

    /** Records {@code side}'s probe that began at {@code startedNanos} ({@link #starting()}) and has just ended. */
    void ran(String side, long startedNanos, Duration warmup, Duration measured) {
        long wall = nanoClock.getAsLong() - startedNanos;
        tails.computeIfAbsent(side, k -> new ArrayList<>()).add(Math.max(0, wall - warmup.toNanos() - measured.toNanos()));
    }
}
