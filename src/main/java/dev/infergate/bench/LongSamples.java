package dev.infergate.bench;

import java.util.Arrays;

/**
 * Every value of one benchmark quantity (signed nanoseconds), kept exactly: a benchmark point has at most
 * a few million events, and exact order statistics leave no doubt about a 1 ms threshold. Not thread-safe.
 */
public final class LongSamples {
    private long[] values = new long[1024];
    private int count;
    private boolean sorted = true;

    public void add(long value) {
        if (count == values.length) {
            values = Arrays.copyOf(values, count * 2);
        }
        values[count++] = value;
        sorted = false;
    }

    public int count() {
        return count;
    }

    /** The spread of the values (see {@link Spread}); {@link Spread#EMPTY} without values. */
    public Spread spread() {
        if (count == 0) {
            return Spread.EMPTY;
        }
        sortIfNeeded();
        long median = values[rank(50, count)];
        long[] abs = new long[count];
        for (int i = 0; i < count; i++) {
            abs[i] = Math.abs(values[i]);
        }
        Arrays.sort(abs);
        return new Spread(count, median, abs[rank(99, count)], abs[rank(99.9, count)], abs[count - 1]);
    }

    /** Nearest-rank index of percentile {@code p} among {@code n} sorted values: ceil(p/100 * n) - 1. */
    static int rank(double p, int n) {
        int r = (int) Math.ceil(p * n / 100.0 - 1e-9) - 1; // the epsilon keeps 99.9% of 1000 at 999
        return Math.max(0, Math.min(n - 1, r));
    }

    private void sortIfNeeded() {
        if (!sorted) {
            Arrays.sort(values, 0, count);
            sorted = true;
        }
    }
}
