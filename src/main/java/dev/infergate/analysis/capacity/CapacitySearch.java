package dev.infergate.analysis.capacity;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the highest arrival rate at which SLO attainment stays at or above a target, by bracketing and
 * bisection. The measuring is injected ({@link Probe}), so the search is tested against a fake with a
 * known capacity and driven by real open-loop runs in {@code accept}.
 *
 * <p>Bracketing doubles the rate from the start until a probe fails (or halves it until one passes);
 * bisection then takes the geometric mean of the highest passing and lowest failing rates until they are
 * within {@code tolerance} of each other. Near the boundary one run cannot tell 94 % from 96 %: a probe is
 * repeated (and pooled) while the 95 % Wilson interval of its attainment still contains the target, up to
 * {@code maxRepeats} runs. The capacity is the highest passing rate; the interval is the bracket
 * [highest pass, lowest fail].
 *
 * <p>A probe whose client fell behind its schedule ({@link Measurement#clientLimited()}) decides nothing: it is
 * discarded and run again, up to {@link #CLIENT_LIMITED_RETRIES} times; still limited, the search stops with
 * {@link ClientLimitedException} rather than call a rate passed or failed on the client's account.
 */
public final class CapacitySearch {
    /** Measures attainment at a rate; {@code attempt} counts repeats at that rate from 0. */
    @FunctionalInterface
    public interface Probe {
        Measurement measure(double ratePerSecond, int attempt) throws Exception;
    }

    /**
     * @param target      attainment to hold, e.g. 0.95
     * @param startRate   first rate tried, requests per second
     * @param minRate     give up halving below this rate
     * @param maxRate     give up doubling above this rate
     * @param tolerance   stop when lowest fail / highest pass - 1 is at most this, e.g. 0.1
     * @param maxProbes   most distinct rates tried
     * @param maxRepeats  most runs at one rate (1: never repeat)
     */
    public record Settings(double target, double startRate, double minRate, double maxRate, double tolerance,
            int maxProbes, int maxRepeats) {
        public Settings {
            if (!(target > 0 && target < 1)) {
                throw new IllegalArgumentException("target (" + target + ") must be between 0 and 1");
            }
            if (!(minRate > 0 && startRate >= minRate && maxRate >= startRate)) {
                throw new IllegalArgumentException("rates must satisfy 0 < minRate (" + minRate + ") <= startRate ("
                        + startRate + ") <= maxRate (" + maxRate + ")");
            }
            if (!(tolerance > 0)) {
                throw new IllegalArgumentException("tolerance (" + tolerance + ") must be > 0");
            }
            if (maxProbes < 2 || maxRepeats < 1) {
                throw new IllegalArgumentException("maxProbes (" + maxProbes + ") must be >= 2 and maxRepeats ("
                        + maxRepeats + ") >= 1");
            }
        }
    }

    /** One rate tried: its pooled measurement, the runs behind it and whether it held the target. */
    public record Step(double ratePerSecond, Measurement pooled, int runs, boolean passed) {}

    /**
     * The capacity found.
     *
     * @param ratePerSecond highest rate that held the target; 0 when even the lowest rate failed
     * @param lowerRate     the same: the interval's lower end
     * @param upperRate     lowest rate that failed; +inf when none failed up to maxRate
     * @param atCapacity    the pooled measurement at the capacity rate (null when none passed)
     * @param steps         every rate tried, in order
     */
    public record Result(double ratePerSecond, double lowerRate, double upperRate, Measurement atCapacity, List<Step> steps) {
        public double requestsPerHour() {
            return ratePerSecond * 3600;
        }

        /** Whether a failing rate bounds the capacity from above. */
        public boolean bounded() {
            return Double.isFinite(upperRate);
        }
    }

    /** Re-runs of a client-limited probe before the search gives up on that rate. */
    public static final int CLIENT_LIMITED_RETRIES = 2;

    /** The client could not keep to the schedule at a rate, so the search cannot decide it. */
    public static final class ClientLimitedException extends Exception {
        private static final long serialVersionUID = 1L;

        ClientLimitedException(double ratePerSecond, double lagP99Ms, int runs) {
            super(String.format(java.util.Locale.ROOT, "the probe at %.3g req/s was client-limited in %d runs (client lag"
                    + " p99 %.1f ms > %.0f ms), so it decides nothing: free CPU on this machine or lower max_rate",
                    ratePerSecond, runs, lagP99Ms, dev.infergate.analysis.ClientLag.LIMIT_P99_MILLIS));
        }
    }

    private final Settings settings;
    private final Probe probe;

    public CapacitySearch(Settings settings, Probe probe) {
        this.settings = settings;
        this.probe = probe;
    }

    /** Runs the search; rethrows the probe's failure. */
    public Result run() throws Exception {
        List<Step> steps = new ArrayList<>();
        Step pass = null;
        Step fail = null;
        double rate = settings.startRate();
        while (steps.size() < settings.maxProbes()) {
            Step step = step(rate);
            steps.add(step);
            if (step.passed()) {
                pass = pass == null || step.ratePerSecond() > pass.ratePerSecond() ? step : pass;
            } else {
                fail = fail == null || step.ratePerSecond() < fail.ratePerSecond() ? step : fail;
            }
            Double next = next(pass, fail);
            if (next == null) {
                break;
            }
            rate = next;
        }
        if (pass == null) {
            return new Result(0, 0, fail.ratePerSecond(), null, steps);
        }
        double upper = fail == null ? Double.POSITIVE_INFINITY : fail.ratePerSecond();
        return new Result(pass.ratePerSecond(), pass.ratePerSecond(), upper, pass.pooled(), steps);
    }

    /** The next rate to try, or null when the search is over. */
    private Double next(Step pass, Step fail) {
        if (fail == null) {
            double up = pass.ratePerSecond() * 2;
            return pass.ratePerSecond() >= settings.maxRate() ? null : Math.min(up, settings.maxRate());
        }
        if (pass == null) {
            double down = fail.ratePerSecond() / 2;
            return fail.ratePerSecond() <= settings.minRate() ? null : Math.max(down, settings.minRate());
        }
        if (fail.ratePerSecond() / pass.ratePerSecond() - 1 <= settings.tolerance()) {
            return null;
        }
        return Math.sqrt(pass.ratePerSecond() * fail.ratePerSecond());
    }

    private Step step(double rate) throws Exception {
        List<Measurement> runs = new ArrayList<>();
        Measurement pooled;
        int attempt = 0; // counts every run at this rate, discarded ones too: each gets its own seed and directory
        do {
            int limitedInARow = 0;
            Measurement m;
            while ((m = probe.measure(rate, attempt++)).clientLimited()) {
                if (++limitedInARow > CLIENT_LIMITED_RETRIES) {
                    throw new ClientLimitedException(rate, m.clientLagP99Ms(), limitedInARow);
                }
            }
            runs.add(m);
            pooled = Measurement.pool(runs);
        } while (runs.size() < settings.maxRepeats() && straddles(pooled.good(), pooled.sent(), settings.target()));
        return new Step(rate, pooled, runs.size(), pooled.attainment() >= settings.target());
    }

    /** Whether the 95 % Wilson score interval of good / sent contains {@code target}. */
    static boolean straddles(long good, long sent, double target) {
        if (sent == 0) {
            return false;
        }
        double z = 1.96;
        double p = (double) good / sent;
        double denominator = 1 + z * z / sent;
        double centre = (p + z * z / (2 * sent)) / denominator;
        double half = z * Math.sqrt(p * (1 - p) / sent + z * z / (4.0 * sent * sent)) / denominator;
        return centre - half <= target && target <= centre + half;
    }
}
