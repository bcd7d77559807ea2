package dev.infergate.accept;

import java.util.Locale;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The time left in an acceptance matrix, for its progress lines: the mean time of the runs started so far times
 * the runs still to go. Runs of one plan differ (conditions, loads), so this is a rough guide, printed from the
 * second run on and rounded to 10 s (to the minute above 10 minutes).
 *
 * <p>It is applied to the progress lines of {@link Acceptance#run} and reads the matrix lines ({@code "[3/12] baseline
 * ..."}), so the matrix loop itself needs no clock. The first matrix line starts the clock: capacity probes before
 * it do not count.
 */
public final class MatrixEta {
    private static final Pattern MATRIX_LINE = Pattern.compile("^\\[(\\d+)/(\\d+)] ");
    private final LongSupplier nanoClock;
    private long startNanos = -1;

    /** @param nanoClock a monotonic clock in nanoseconds ({@code System::nanoTime}) */
    MatrixEta(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
    }

    /** Appends the time left to the matrix lines it is given (other lines pass unchanged). */
    public static UnaryOperator<String> timeLeft() {
        return timeLeft(System::nanoTime);
    }

    static UnaryOperator<String> timeLeft(LongSupplier nanoClock) {
        MatrixEta eta = new MatrixEta(nanoClock);
        return line -> line + eta.suffix(line);
    }

    /** {@code ", about 2m10s left in the matrix"} for a matrix line from the second run on, else {@code ""}. */
    String suffix(String line) {
        Matcher m = MATRIX_LINE.matcher(line);
        if (!m.find()) {
            return "";
        }
        long now = nanoClock.getAsLong();
        if (startNanos < 0) {
            startNanos = now;
        }
        int starting = Integer.parseInt(m.group(1));
        int total = Integer.parseInt(m.group(2));
        int finished = starting - 1;
        if (finished < 1 || total < starting) {
            return "";
        }
        double perRunNanos = (now - startNanos) / (double) finished;
        long leftSeconds = Math.round(perRunNanos * (total - finished) / 1e9);
        return ", about " + format(leftSeconds) + " left in the matrix";
    }

    static String format(long seconds) {
        if (seconds >= 600) {
            return Math.round(seconds / 60.0) + "m";
        }
        long rounded = Math.max(10, Math.round(seconds / 10.0) * 10);
        return rounded >= 60 ? String.format(Locale.ROOT, "%dm%02ds", rounded / 60, rounded % 60) : rounded + "s";
    }
}
