package dev.infergate.accept;

import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The time left in an acceptance matrix, for its progress lines: the mean time of the runs finished so far times
 * the runs still to go. Runs of one plan differ (conditions, loads), so this is a rough guide, printed from the
 * second run on and rounded to 10 s (1 minute above 10 minutes).
 */
final class MatrixEta {
    private final LongSupplier nanoClock;
    private final int totalRuns;
    private long startNanos = -1;

    /** @param nanoClock a monotonic clock in nanoseconds ({@code System::nanoTime}) */
    MatrixEta(LongSupplier nanoClock, int totalRuns) {
        if (totalRuns < 1) {
            throw new IllegalArgumentException("totalRuns (" + totalRuns + ") must be >= 1");
        }
        this.nanoClock = nanoClock;
        this.totalRuns = totalRuns;
    }

    /**
     * Called as run {@code starting} (1-based) begins; returns {@code ", about 2m10s left"} or {@code ""} for the
     * first run, when nothing has been timed yet.
     */
    String starting(int starting) {
        long now = nanoClock.getAsLong();
        if (startNanos < 0) {
            startNanos = now;
        }
        int finished = starting - 1;
        if (finished < 1) {
            return "";
        }
        double perRunNanos = (now - startNanos) / (double) finished;
        long leftSeconds = Math.round(perRunNanos * (totalRuns - finished) / 1e9);
        return ", about " + format(leftSeconds) + " left in the matrix";
    }

    static String format(long seconds) {
        if (seconds >= 600) {
            long minutes = Math.round(seconds / 60.0);
            return minutes + "m";
        }
        long rounded = Math.max(10, Math.round(seconds / 10.0) * 10);
        return rounded >= 60 ? String.format(Locale.ROOT, "%dm%02ds", rounded / 60, rounded % 60) : rounded + "s";
    }
}
