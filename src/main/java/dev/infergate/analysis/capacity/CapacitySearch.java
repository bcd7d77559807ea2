package dev.infergate.analysis.capacity;

import dev.infergate.analysis.ClientLag;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Finds the highest arrival rate at which SLO attainment stays at or above a target, by bracketing and
 * bisection. The measuring is injected ({@link Probe}), so the search is tested against a fake with a
 * known capacity and driven by real open-loop runs in {@code accept}.
 *
 * <p>Bracketing doubles the rate from the start until a probe fails (or halves it until one passes);
 * bisection then takes the geometric mean of the highest passing and lowest failing rates until they are
 * within {@code tolerance} of each other. Near the boundary one run cannot tell 94 % from 96 %: a probe is
 * repeated (and pooled) while the 95 % Wilson interval of its attainment still contains the target, up to
 * {@code maxRepeats} runs, and while it has fewer than {@link Settings#minMeasuredRequests()} measured
 * requests. The capacity is the highest passing rate; the interval is the bracket [highest pass, lowest fail].
 *
 * <p>The search is a stepper ({@link #nextRate()}, {@link #advance()}) so that {@code accept} can probe two
 * sides interleaved, one rate each in turn, and the server's drift hits both alike.
 *
 * <p>A probe whose client fell behind its schedule ({@link Measurement#clientLimited()}), or whose server reported
 * its own stalls ({@link Measurement#serverStalled()}: infergate's simulator on a starved machine), decides nothing:
 * it is discarded and run again, up to {@link #CLIENT_LIMITED_RETRIES} times; still limited, the search stops with
 * {@link ClientLimitedException} rather than call a rate passed or failed on the machine's account.
 */
public final class CapacitySearch {
    /** Measures attainment at a rate; {@code attempt} counts repeats at that rate from 0. */
    @FunctionalInterface
    public interface Probe {
        Measurement measure(double ratePerSecond, int attempt) throws Exception;
    }

    /**
     * @param target              attainment to hold, e.g. 0.95
     * @param startRate           first rate tried, requests per second
     * @param minRate             give up halving below this rate
     * @param maxRate             give up doubling above this rate
     * @param tolerance           stop when lowest fail / highest pass - 1 is at most this, e.g. 0.05
     * @param maxProbes           most distinct rates tried
     * @param maxRepeats          most runs at one rate (1: never repeat)
     * @param minMeasuredRequests fewest measured requests a rate's decision rests on ({@link #minMeasuredRequests(double)})
     */
    public record Settings(double target, double startRate, double minRate, double maxRate, double tolerance,
            int maxProbes, int maxRepeats, int minMeasuredRequests) {
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
            if (minMeasuredRequests < 1) {
                throw new IllegalArgumentException("minMeasuredRequests (" + minMeasuredRequests + ") must be >= 1");
            }
        }

        /** With the {@link #minMeasuredRequests(double)} the target asks for. */
        public Settings(double target, double startRate, double minRate, double maxRate, double tolerance,
                int maxProbes, int maxRepeats) {
            this(target, startRate, minRate, maxRate, tolerance, maxProbes, maxRepeats, CapacitySearch.minMeasuredRequests(target));
        }
    }

    /**
     * The fewest measured requests that can show an attainment of {@code target} at all: with no miss in n
     * requests the 95 % upper bound of the miss rate is about 3 / n (the rule of three, the exact binomial
     * bound -ln(0.05) / n), so n must reach 3 / (1 - target): 60 requests for a 95 % target, 30 for 90 %, 300
     * for 99 %. Fewer, and even a flawless probe could not tell a server that holds the target from one that
     * misses it twice as often.
     */
    public static int minMeasuredRequests(double target) {
        return (int) Math.ceil(3 / (1 - target) - 1e-9);
    }

    /**
     * One rate tried: its pooled measurement, the runs behind it and whether it held the target.
     *
     * @param enough whether the decision rests on at least the minimum of measured requests
     */
    public record Step(double ratePerSecond, Measurement pooled, int runs, boolean passed, boolean enough) {
        /** The 95 % Wilson interval of the attainment, [low, high]. */
        public double[] attainmentInterval() {
            return wilson(pooled.good(), pooled.sent());
        }
    }

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

        /** The attainment curve: every rate tried, lowest first. */
        public List<Step> curve() {
            return steps.stream().sorted(java.util.Comparator.comparingDouble(Step::ratePerSecond)).toList();
        }
    }

    /** Re-runs of a client-limited probe before the search gives up on that rate. */
    public static final int CLIENT_LIMITED_RETRIES = 2;

    /**
     * The client could not keep to the schedule at a rate, or the simulator serving it stalled, so the search
     * cannot decide it.
     */
    public static final class ClientLimitedException extends Exception {
        private static final long serialVersionUID = 1L;

        ClientLimitedException(double ratePerSecond, Measurement last, int runs) {
            super(last.clientLimited()
                    ? String.format(Locale.ROOT, "the probe at %.3g req/s was client-limited in %d runs (client lag"
                            + " p99 %.1f ms > %.0f ms), so it decides nothing: free CPU on this machine or lower max_rate",
                            ratePerSecond, runs, last.clientLagP99Ms(), ClientLag.LIMIT_P99_MILLIS)
                    : String.format(Locale.ROOT, "the probe at %.3g req/s found the simulator behind its model in %d runs"
                            + " (%s), so it decides nothing: free CPU on this machine", ratePerSecond, runs, last.serverLateness()));
        }
    }

    private final Settings settings;
    private final Probe probe;
    private final List<Step> steps = new ArrayList<>();
    private Step pass;
    private Step fail;
    private Double nextRate;

    public CapacitySearch(Settings settings, Probe probe) {
        this.settings = settings;
        this.probe = probe;
        this.nextRate = settings.startRate();
    }

    /** Runs the search to the end; rethrows the probe's failure. */
    public Result run() throws Exception {
        while (!done()) {
            advance();
        }
        return result();
    }

    /** Whether the search is over. */
    public boolean done() {
        return nextRate == null;
    }

    /** The rate {@link #advance()} tries next; null when done. */
    public Double nextRate() {
        return nextRate;
    }

    /** Tries the next rate (with its repeats) and returns that step; rethrows the probe's failure. */
    public Step advance() throws Exception {
        if (done()) {
            throw new IllegalStateException("the search is over");
        }
        Step step = step(nextRate);
        steps.add(step);
        if (step.passed()) {
            pass = pass == null || step.ratePerSecond() > pass.ratePerSecond() ? step : pass;
        } else {
            fail = fail == null || step.ratePerSecond() < fail.ratePerSecond() ? step : fail;
        }
        nextRate = steps.size() < settings.maxProbes() ? next(pass, fail) : null;
        return step;
    }

    /** The result so far (final once {@link #done()}). */
    public Result result() {
        if (pass == null) {
            return new Result(0, 0, fail == null ? Double.POSITIVE_INFINITY : fail.ratePerSecond(), null, List.copyOf(steps));
        }
        double upper = fail == null ? Double.POSITIVE_INFINITY : fail.ratePerSecond();
        return new Result(pass.ratePerSecond(), pass.ratePerSecond(), upper, pass.pooled(), List.copyOf(steps));
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
            while ((m = probe.measure(rate, attempt++)).decidesNothing(settings.target())) {
                if (++limitedInARow > CLIENT_LIMITED_RETRIES) {
                    throw new ClientLimitedException(rate, m, limitedInARow);
                }
            }
            runs.add(m);
            pooled = Measurement.pool(runs);
        } while (runs.size() < settings.maxRepeats() && (straddles(pooled.good(), pooled.sent(), settings.target())
                || pooled.sent() < settings.minMeasuredRequests()));
        return new Step(rate, pooled, runs.size(), passes(pooled), pooled.sent() >= settings.minMeasuredRequests());
    }

    /** The decision at one rate, on its pooled runs: whether it held the target. */
    private boolean passes(Measurement pooled) {
        return pooled.attainment() >= settings.target();
    }

    /** Whether the 95 % Wilson score interval of good / sent contains {@code target}. */
    static boolean straddles(long good, long sent, double target) {
        if (sent == 0) {
            return false;
        }
        double[] w = wilson(good, sent);
        return w[0] <= target && target <= w[1];
    }

    /** The 95 % Wilson score interval of good / sent, [low, high]; [0, 1] when nothing was sent. */
    public static double[] wilson(long good, long sent) {
        if (sent == 0) {
            return new double[] {0, 1};
        }
        double z = 1.96;
        double p = (double) good / sent;
        double denominator = 1 + z * z / sent;
        double centre = (p + z * z / (2 * sent)) / denominator;
        double half = z * Math.sqrt(p * (1 - p) / sent + z * z / (4.0 * sent * sent)) / denominator;
        return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
    }
}
