package dev.infergate.load;

import dev.infergate.record.LoadDescription;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Poisson arrivals conditioned on their count: each window of the schedule holds exactly
 * {@code round(rate x window length)} arrivals, placed as the order statistics of that many uniform draws over the
 * window (which is what a Poisson process looks like once its count in the window is known). The times stay random
 * (bunches and gaps as in any Poisson process), but the load offered over every window is the rate it names,
 * whatever the seed.
 *
 * <p>Why: a plain Poisson draw of 37.5 expected arrivals brings 28 for one seed and 49 for another, so a capacity
 * probe at "0.5 req/s" offered 23 % less or 30 % more than it said, and two sides probed with different seeds
 * (a client-limited rerun takes the next) compared different loads. Capacity probes use this schedule with their
 * warm-up and their measured time as the two windows, so every probe offers its nominal rate over what is measured.
 *
 * @param ratePerSecond arrivals per second over each window, {@code > 0}
 * @param windowsNanos  the windows' lengths, in order from offset 0, each {@code > 0}; the schedule ends with the last
 * @param seed          seed of the placement within each window (window {@code i} draws from its own stream)
 */
public record ExactCountSchedule(double ratePerSecond, List<Long> windowsNanos, long seed) implements ArrivalSchedule {

    public ExactCountSchedule {
        Gaps.checkRate("ratePerSecond", ratePerSecond);
        windowsNanos = List.copyOf(windowsNanos);
        if (windowsNanos.isEmpty()) {
            throw new IllegalArgumentException("windowsNanos must hold at least one window");
        }
        for (long w : windowsNanos) {
            if (w <= 0) {
                throw new IllegalArgumentException("window (" + w + " ns) must be > 0");
            }
        }
    }

    /** A schedule over {@code windows} (e.g. a probe's warm-up, then its measured time), zero-length ones skipped. */
    public static ExactCountSchedule over(double ratePerSecond, long seed, Duration... windows) {
        return new ExactCountSchedule(ratePerSecond,
                Arrays.stream(windows).filter(w -> w != null && !w.isZero()).map(Duration::toNanos).toList(), seed);
    }

    /** The arrivals window {@code i} holds: the rate times its length, to the nearest whole request. */
    public long arrivalsIn(int window) {
        return arrivalsOver(windowsNanos.get(window));
    }

    /**
     * The arrivals a window of {@code windowNanos} holds in this schedule (a caller that knows a window by its length, not
     * by its index: {@link #over} drops zero-length windows, so a probe without warm-up has its measured time first).
     */
    public long arrivalsOver(long windowNanos) {
        return Math.round(ratePerSecond * windowNanos / Gaps.NANOS_PER_SECOND);
    }

    @Override
    public PrimitiveIterator.OfLong offsets() {
        return new PrimitiveIterator.OfLong() {
            private int window = -1;
            private long windowStart;
            private long[] current = new long[0];
            private int next;

            @Override
            public boolean hasNext() {
                while (next >= current.length) {
                    if (window + 1 >= windowsNanos.size()) {
                        return false;
                    }
                    if (window >= 0) {
                        windowStart += windowsNanos.get(window);
                    }
                    window++;
                    current = placed(window, windowStart);
                    next = 0;
                }
                return true;
            }

            @Override
            public long nextLong() {
                if (!hasNext()) {
                    throw new NoSuchElementException("the schedule has ended");
                }
                return current[next++];
            }
        };
    }

    /** Window {@code i}'s arrivals: sorted uniform draws over [start, start + length). */
    private long[] placed(int i, long start) {
        int n = Math.toIntExact(arrivalsIn(i));
        UniformRandomProvider rng = Gaps.rng(seed, i);
        long length = windowsNanos.get(i);
        long[] at = new long[n];
        for (int k = 0; k < n; k++) {
            at[k] = start + Math.min(length - 1, (long) (rng.nextDouble() * length));
        }
        Arrays.sort(at);
        return at;
    }

    @Override
    public LoadDescription.Arrival description() {
        return new LoadDescription.Steady(ArrivalKind.POISSON.label(), ratePerSecond, null, seed, true);
    }
}
