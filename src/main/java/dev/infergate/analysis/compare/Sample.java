package dev.infergate.analysis.compare;

import dev.infergate.analysis.Metric;
import java.util.List;

/**
 * All measured requests of one side (baseline or candidate) of one condition, kept apart by independent
 * repeat so the bootstrap can resample repeats first and requests within them second.
 *
 * @param repeats at least one repeat
 */
public record Sample(List<RepeatSample> repeats) {
    public Sample {
        if (repeats == null || repeats.isEmpty()) {
            throw new IllegalArgumentException("repeats must hold at least one repeat");
        }
        repeats = List.copyOf(repeats);
    }

    public static Sample of(RepeatSample... repeats) {
        return new Sample(List.of(repeats));
    }

    /** Measured requests across repeats, failures included. */
    public int requests() {
        return repeats.stream().mapToInt(RepeatSample::size).sum();
    }

    /** Agent sessions across repeats (0 for independent requests). */
    public int sessions() {
        return repeats.stream().mapToInt(RepeatSample::sessions).sum();
    }

    /** Whether any repeat's answers reasoned ({@link RepeatSample#reasoning}). */
    public boolean reasoning() {
        return repeats.stream().anyMatch(RepeatSample::reasoning);
    }

    /** The worst lateness of any repeat ({@link Lateness#worstOf}): what it can have added to the side's pooled figures. */
    public Lateness lateness() {
        return Lateness.worstOf(repeats.stream().map(RepeatSample::lateness).toList());
    }

    /**
     * This side with every per-request latency moved by {@code take} of each request's own lateness
     * ({@link RepeatSample#moved}); null when a repeat has no per-request lateness (the run-wide bound then applies).
     */
    Sample moved(RequestLateness.Take take) {
        List<RepeatSample> moved = new java.util.ArrayList<>();
        for (RepeatSample r : repeats) {
            RepeatSample m = r.moved(take);
            if (m == null) {
                return null;
            }
            moved.add(m);
        }
        return new Sample(moved);
    }

    /** The most any request's value of {@code m} moved between {@code original} and {@code moved} (ms); 0 when none. */
    static double largestMove(Sample original, Sample moved, Metric m) {
        double largest = 0;
        if (moved == null || !m.perRequest()) {
            return largest;
        }
        for (int r = 0; r < original.repeats().size(); r++) {
            RepeatSample a = original.repeats().get(r);
            RepeatSample b = moved.repeats().get(r);
            for (int i = 0; i < a.size(); i++) {
                double d = a.value(m, i) - b.value(m, i);
                if (d > largest) {
                    largest = d;
                }
            }
        }
        return largest;
    }

    /** Requests with a defined value of {@code m}, across repeats (for a per-session metric: sessions). */
    public int defined(Metric m) {
        return repeats.stream().mapToInt(r -> r.defined(m)).sum();
    }
}
