package dev.infergate.analysis.capacity;

import dev.infergate.analysis.ClientLag;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

/**
 * Finds the highest arrival rate at which SLO attainment stays at or above a target, from every probe
 * ({@link CapacityFit}). The measuring is injected ({@link Probe}), so the search is tested against a fake with a
 * known attainment curve and driven by real open-loop runs in {@code accept} and {@code capacity}.
 *
 * <p><b>Ramp</b>: from the start rate, double until a probe misses the target (or halve until one holds), each
 * probe as long as the plan says, with no minimum of requests: these probes only find the region, and count in the
 * fit like any other. <b>Refine</b>: fit attainment against rate over every probe so far and probe next in the middle
 * of the longer half of its 95 % interval, weighed per second of probing when told how long a probe takes ({@link #longerTail},
 * {@link #timedBy}: a probe there cuts what is still possible about the crossing, as bisection does when probes are
 * decisive, and lands beside the estimate once noise is what is left), each such probe long enough for
 * {@link Settings#minMeasuredRequests()}; stop when the 95 % interval's
 * half-width is within {@code tolerance} of the estimate ({@link Stop#PRECISION}) or after {@code maxProbes}
 * probes ({@link Stop#BUDGET}), and say which.
 *
 * <p>The search is a stepper ({@link #nextRate()}, {@link #advance()}) so that {@code accept} can probe two
 * sides interleaved, one rate each in turn, and the server's drift hits both alike.
 *
 * <p>A probe whose client fell behind its schedule ({@link Measurement#clientLimited()}), or whose server reported
 * its own stalls ({@link Measurement#serverStalled()}: infergate's simulator on a starved machine), decides only
 * where that lateness cannot explain its outcome ({@link Measurement#decidesNothing(double)}: it held the target, or
 * would miss it even with every miss the lateness could explain counted as good); otherwise it is run again, up to
 * {@link #CLIENT_LIMITED_RETRIES} times; still held back, the search stops there ({@link Stop#UNDECIDED_PROBE},
 * {@link #undecided()} says why) rather than count a rate as held or missed on the machine's account: its answer rests
 * on the probes that decided, with the interval they give, so a busy machine widens the answer instead of voiding the
 * acceptance around it.
 */
public final class CapacitySearch {
    /** Measures attainment at a rate; {@code attempt} counts runs at that rate from 0. */
    @FunctionalInterface
    public interface Probe {
        Measurement measure(double ratePerSecond, int attempt) throws Exception;

        /**
         * Measures a ramp probe ({@code ramp}: only finding the region, no minimum of requests) or a refining one;
         * by default the same as {@link #measure(double, int)}.
         */
        default Measurement measure(double ratePerSecond, int attempt, boolean ramp) throws Exception {
            return measure(ratePerSecond, attempt);
        }
    }

    /** Why the search stopped. */
    public enum Stop {
        /** The interval's half-width reached the requested precision. */
        PRECISION("the interval reached the requested precision"),
        /** The probe budget ran out first. */
        BUDGET("the probe budget ran out first"),
        /** The next probe would have ended after the step's time budget ({@code time_budget:}, {@code --time-budget}). */
        TIME_BUDGET("the next probe would have ended after the time budget"),
        /** The ramp reached the highest rate allowed without a miss: the capacity lies above it. */
        ABOVE_MAX_RATE("no probe up to max_rate missed the target: the capacity lies above it"),
        /** The ramp reached the lowest rate allowed without a hold: the capacity lies below it. */
        BELOW_MIN_RATE("no probe down to the lowest rate held the target: the capacity lies below it"),
        /**
         * A probe stayed undecided in every run at its rate (the client or the simulator late enough to explain its
         * outcome): the answer rests on the probes that decided.
         */
        UNDECIDED_PROBE("a probe's client or simulator was late enough to explain its outcome in every run at its rate:"
                + " the answer rests on the probes that decided (free CPU and run again to narrow it)");

        private final String text;

        Stop(String text) {
            this.text = text;
        }

        /** A reader's words for it. */
        public String text() {
            return text;
        }
    }

    /**
     * @param target              attainment to hold, e.g. 0.95
     * @param startRate           first rate tried, requests per second
     * @param minRate             give up halving below this rate
     * @param maxRate             give up doubling above this rate
     * @param tolerance           the precision asked: stop when the 95 % interval's half-width is at most this share
     *                            of the estimate, e.g. 0.05
     * @param maxProbes           most probes (rates tried, client-limited reruns not counted)
     * @param minMeasuredRequests fewest measured requests a refining probe holds ({@link #minMeasuredRequests(double)})
     */
    public record Settings(double target, double startRate, double minRate, double maxRate, double tolerance,
            int maxProbes, int minMeasuredRequests, boolean effectiveTrials) {
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
            if (maxProbes < 2) {
                throw new IllegalArgumentException("maxProbes (" + maxProbes + ") must be >= 2");
            }
            if (minMeasuredRequests < 1) {
                throw new IllegalArgumentException("minMeasuredRequests (" + minMeasuredRequests + ") must be >= 1");
            }
        }

        /** Each request a trial (the probes' {@link Measurement#effectiveSent()} unused). */
        public Settings(double target, double startRate, double minRate, double maxRate, double tolerance, int maxProbes,
                int minMeasuredRequests) {
            this(target, startRate, minRate, maxRate, tolerance, maxProbes, minMeasuredRequests, false);
        }

        /** With the {@link #minMeasuredRequests(double)} the target asks for, each request a trial. */
        public Settings(double target, double startRate, double minRate, double maxRate, double tolerance, int maxProbes) {
            this(target, startRate, minRate, maxRate, tolerance, maxProbes, CapacitySearch.minMeasuredRequests(target));
        }

        /** These settings with each probe counting as its effective trials ({@code trials: effective}) or its requests. */
        public Settings withEffectiveTrials(boolean effective) {
            return new Settings(target, startRate, minRate, maxRate, tolerance, maxProbes, minMeasuredRequests, effective);
        }
    }

    /**
     * The fewest measured requests of a refining probe: enough that a flawless probe shows the target at the interval's
     * own 97.5 % level. With no miss in n requests, the Jeffreys posterior leaves about {@code target^(n + 1/2)} of its
     * mass below the target (the exact form of the binomial "rule of three"), so n must reach
     * {@code ln(0.025) / ln(target) - 1/2}: 72 requests for a 95 % target, 35 for 90 %, 367 for 99 %. With fewer, even
     * a flawless probe leaves the interval reaching below it (36 of 36 good: a sixth of its posterior below 95 %).
     */
    public static int minMeasuredRequests(double target) {
        return (int) Math.ceil(Math.log(0.025) / Math.log(target) - 0.5 - 1e-9);
    }

    /**
     * One rate tried: its pooled measurement, the runs behind it and whether it held the target.
     *
     * @param enough whether it holds at least the minimum of measured requests of a refining probe
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
     * @param ratePerSecond the estimate: where the fitted attainment curve crosses the target, req/s; 0 when even the
     *                      lowest rate missed it
     * @param lowerRate     the 95 % interval's lower end, req/s
     * @param upperRate     its upper end; +inf when no probe missed the target (or the interval reaches that far)
     * @param atCapacity    the pooled measurement of the highest probe that held the target at or below the estimate
     *                      (the longest wait there); null when none held
     * @param steps         every rate tried, in order
     * @param fit           the fit over every probe; null for a result built from a bracket alone (tests, old files)
     * @param stop          why the search stopped; null when not known
     */
    public record Result(double ratePerSecond, double lowerRate, double upperRate, Measurement atCapacity, List<Step> steps,
            CapacityFit fit, Stop stop) {
        /** A result known by its bracket alone: [highest rate that held, lowest that missed]. */
        public Result(double ratePerSecond, double lowerRate, double upperRate, Measurement atCapacity, List<Step> steps) {
            this(ratePerSecond, lowerRate, upperRate, atCapacity, steps, null, null);
        }

        public double requestsPerHour() {
            return ratePerSecond * 3600;
        }

        /**
         * The result of {@code steps} (at least one) read through {@code fit} (their fit): the estimate and its interval,
         * and the longest wait at the highest probe that held at or below the estimate.
         */
        public static Result of(CapacityFit fit, List<Step> steps, Stop stop) {
            double estimate = fit.ratePerSecond();
            double[] interval = fit.interval();
            Step highestHeld = steps.stream().filter(Step::passed).max(java.util.Comparator.comparingDouble(Step::ratePerSecond))
                    .orElse(null);
            if (Double.isInfinite(estimate)) { // no probe missed: the highest that held is all that is known
                // the fit's lower end is infinite too when every draw crosses above the probes: the highest hold bounds it
                return new Result(highestHeld.ratePerSecond(), Math.min(interval[0], highestHeld.ratePerSecond()),
                        Double.POSITIVE_INFINITY, highestHeld.pooled(),
                        List.copyOf(steps), fit, stop);
            }
            Step there = steps.stream().filter(Step::passed).filter(s -> s.ratePerSecond() <= estimate * (1 + 1e-9))
                    .max(java.util.Comparator.comparingDouble(Step::ratePerSecond)).orElse(null);
            return new Result(estimate, interval[0], interval[1], there == null ? null : there.pooled(), List.copyOf(steps), fit, stop);
        }

        /** Whether the interval is bounded above (a probe missed the target). */
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
     * Why a rate stayed undecided: the client could not keep to the schedule at it, or the simulator serving it stalled.
     */
    static String whyUndecided(double ratePerSecond, Measurement last, int runs) {
        return last.clientLimited()
                ? String.format(Locale.ROOT, "the probe at %.3g req/s was client-limited in %d runs (client lag"
                        + " p99 %.1f ms > %.0f ms), so it decides nothing: free CPU on this machine or lower max_rate",
                        ratePerSecond, runs, last.clientLagP99Ms(), ClientLag.LIMIT_P99_MILLIS)
                : String.format(Locale.ROOT, "the probe at %.3g req/s found the simulator behind its model in %d runs"
                        + " (%s), so it decides nothing: free CPU on this machine", ratePerSecond, runs, last.serverLateness());
    }

    private final Settings settings;
    private final Probe probe;
    private final List<Step> steps = new ArrayList<>();
    private final Map<Double, Integer> attempts = new HashMap<>();
    private Step pass;
    private Step fail;
    private Double nextRate;
    private boolean ramp = true;
    private Stop stop;
    private CapacityFit fit;
    private int fitProbes;
    private String undecided;
    /** The other side's search in a comparison ({@link #compareWith}), or null. */
    private CapacitySearch facing;
    /** The other side's estimate when {@link #nextRate} was placed (NaN: it had none). */
    private double facingSeen = Double.NaN;
    /** A refining probe's seconds at a rate ({@link #timedBy}); every rate alike until told. */
    private DoubleUnaryOperator secondsAt = rate -> 1;

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

    /** What it was given: target, rates, precision, probe budget, minimum of requests, trials. */
    public Settings settings() {
        return settings;
    }

    /** Whether the search is over. */
    public boolean done() {
        return nextRate == null;
    }

    /** The rate {@link #advance()} tries next; null when done. */
    public Double nextRate() {
        placeAgainIfFacingMoved();
        return nextRate;
    }

    /**
     * A refining probe is placed when the previous one ends, facing the other side's estimate of that moment; the other
     * side may have probed since (or finished its ramp: it had no estimate), so the probe is placed again from its
     * estimate now. The stop rules read this side's own probes only, so this moves a probe and never stops a search.
     */
    private void placeAgainIfFacingMoved() {
        if (nextRate != null && !ramp && facing != null && settings.effectiveTrials()
                && Double.compare(facing.estimate(), facingSeen) != 0) {
            nextRate = next();
        }
    }

    /** Whether the next probe is a ramp probe (finding the region) rather than a refining one. */
    public boolean ramping() {
        return ramp;
    }

    /** Why the search stopped; null while it runs. */
    public Stop stop() {
        return stop;
    }

    /**
     * Why the search stopped at a rate that stayed undecided ({@link Stop#UNDECIDED_PROBE}): the rate, the runs and the
     * lateness that was in the way; null otherwise.
     */
    public String undecided() {
        return undecided;
    }

    /**
     * Tries the next rate and returns that step, or null when the rate stayed undecided in every run (the search then
     * stops, {@link Stop#UNDECIDED_PROBE}); rethrows the probe's failure.
     */
    public Step advance() throws Exception {
        if (done()) {
            throw new IllegalStateException("the search is over");
        }
        placeAgainIfFacingMoved();
        Step step = step(nextRate, ramp);
        if (step == null) {
            nextRate = stop(Stop.UNDECIDED_PROBE);
            return null;
        }
        steps.add(step);
        if (step.passed()) {
            pass = pass == null || step.ratePerSecond() > pass.ratePerSecond() ? step : pass;
        } else {
            fail = fail == null || step.ratePerSecond() < fail.ratePerSecond() ? step : fail;
        }
        nextRate = next();
        return step;
    }

    /**
     * Ends the search before its next probe because that probe would not fit in the time left ({@link Stop#TIME_BUDGET}):
     * the answer rests on the probes so far, with the interval they give. Nothing if the search is already over.
     */
    public void outOfTime() {
        if (!done()) {
            nextRate = stop(Stop.TIME_BUDGET);
        }
    }

    /** The result so far (final once {@link #done()}). */
    public Result result() {
        return steps.isEmpty() ? new Result(0, 0, Double.POSITIVE_INFINITY, null, List.of(), null, stop)
                : Result.of(fit(), steps, stop);
    }

    /** The fit over every probe so far (made once per probe: its draws are the costly part). */
    public CapacityFit fit() {
        if (fit == null || fitProbes != steps.size()) {
            fit = CapacityFit.of(settings.target(), steps.stream()
                    .map(s -> new CapacityFit.Probe(s.ratePerSecond(), s.pooled().sent(), s.pooled().good(),
                            Double.isNaN(s.pooled().hiddenOverload()) ? 0 : s.pooled().hiddenOverload(),
                            Math.min(s.pooled().sent(), Math.max(Math.min(1, s.pooled().sent()), s.pooled().trials())))).toList());
            fitProbes = steps.size();
        }
        return fit;
    }

    /** The next rate to try, or null (with {@link #stop} set) when the search is over. */
    private Double next() {
        if (ramp) {
            if (fail == null) {
                if (pass.ratePerSecond() >= settings.maxRate()) {
                    return stop(Stop.ABOVE_MAX_RATE);
                }
                if (steps.size() >= settings.maxProbes()) {
                    return stop(Stop.BUDGET);
                }
                return Math.min(pass.ratePerSecond() * 2, settings.maxRate());
            }
            if (pass == null) {
                if (fail.ratePerSecond() <= settings.minRate()) {
                    return stop(Stop.BELOW_MIN_RATE);
                }
                if (steps.size() >= settings.maxProbes()) {
                    return stop(Stop.BUDGET);
                }
                return Math.max(fail.ratePerSecond() / 2, settings.minRate());
            }
            ramp = false;
        }
        facingSeen = facing == null ? Double.NaN : facing.estimate();
        CapacityFit fit = fit();
        if (fit.relativeHalfWidth() <= settings.tolerance()) {
            return stop(Stop.PRECISION);
        }
        if (steps.size() >= settings.maxProbes()) {
            return stop(Stop.BUDGET);
        }
        double estimate = fit.ratePerSecond();
        double lowest = steps.stream().mapToDouble(Step::ratePerSecond).min().orElseThrow();
        double highest = steps.stream().mapToDouble(Step::ratePerSecond).max().orElseThrow();
        if (estimate == 0 || Double.isInfinite(estimate)) {
            // probes that held above ones that missed can pool the fit into "never missed" or "never held": widen the range,
            // with effective trials by half the ramp's factor (the ramp placed the crossing within a factor of two of these
            // rates: a probe there that held says it is near, and a halving spends a probe far below it)
            double step = settings.effectiveTrials() ? Math.sqrt(2) : 2;
            return clamp(estimate == 0 ? lowest / step : highest * step);
        }
        double[] interval = fit.interval();
        if (settings.effectiveTrials() && !Double.isFinite(interval[1])) {
            // the top is open (no miss above the estimate sure enough to bound it): probe between the estimate and the
            // lowest rate that missed above it, which bounds the top whichever way it comes out
            double missed = steps.stream().filter(s -> !s.passed() && s.ratePerSecond() > estimate).mapToDouble(Step::ratePerSecond)
                    .min().orElse(estimate);
            return clamp(Math.sqrt(estimate * missed));
        }
        double other = facingSeen;
        if (settings.effectiveTrials() && other > 0 && Double.isFinite(other) && other != estimate) {
            // a comparison's answer is the difference: probe the half of the interval that faces the other side's estimate,
            // no farther than that estimate (beyond it a bound decides nothing about which side is higher)
            return clamp(estimate > other ? Math.sqrt(Math.max(interval[0], other) * estimate)
                    : Math.sqrt(estimate * Math.min(interval[1], other)));
        }
        return clamp(interval[0] > 0 ? longerTail(interval[0], estimate, interval[1], secondsAt) : estimate);
    }

    /**
     * Compares this search with {@code other}'s (accept's two sides, probed in turn): with effective trials each refining
     * probe then goes to the middle, in log rate, of the half of this side's interval that faces the other side's estimate
     * (the lower half on the side whose capacity looks higher), cut at that estimate, since the difference between them,
     * not either capacity alone, is the answer: its interval's ends are the facing ends of the two sides' draws, and where
     * one side's interval reaches past the other's estimate, whether it holds between the two estimates is what is in
     * doubt. Without it (and with each request a trial, and while either side has no finite estimate) probes go to the
     * longer half ({@link #longerTail}).
     * Measured in docs/acceptance.md, "Where to probe, and when to stop".
     */
    public void compareWith(CapacitySearch other) {
        this.facing = other;
    }

    /**
     * Tells the search how long a refining probe at a rate takes, in seconds (warm-up, measured time and the wait for its
     * last requests): where a refining probe must hold a minimum of requests, one at a low rate runs longest, so the
     * longer half of the interval ({@link #longerTail}) is weighed against the time its probe takes. Without it every
     * probe counts as taking the same time.
     */
    public void timedBy(DoubleUnaryOperator secondsAtRate) {
        this.secondsAt = secondsAtRate;
    }

    /** The fit's estimate once the ramp is over (NaN before, and while no probe has been made). */
    double estimate() {
        return ramp || steps.isEmpty() ? Double.NaN : fit().ratePerSecond();
    }

    /**
     * Where the next refining probe goes: the middle (in log rate) of the longer of the interval's two halves around
     * the estimate. The interval is wide where a gap between probes leaves the crossing unknown; a probe in the middle
     * of the wider half cuts it about in two whichever way it comes out, as bisection does, and once both halves are
     * short the probes land beside the estimate, where their noise is what is left to reduce.
     */
    static double longerTail(double low, double estimate, double high) {
        return longerTail(low, estimate, high, rate -> 1);
    }

    /**
     * {@link #longerTail(double, double, double)} per second of probing: the half whose middle probe cuts the most log
     * rate for the time it takes ({@code secondsAt}), since a probe in a half's middle cuts that half in two whichever way
     * it comes out. After a ramp of few-request probes the interval's lower half can be the longer by a little while its
     * probe, low in rate and held to a minimum of requests, takes several times as long: capacity-time.sh's first refining
     * probe went to 2.48 req/s for 29 s where the upper half's, at 14 req/s, took 5 s (docs/acceptance.md, "Where to probe,
     * and when to stop").
     */
    static double longerTail(double low, double estimate, double high, DoubleUnaryOperator secondsAt) {
        double below = Math.log(estimate / low);
        double above = Math.log(high / estimate);
        double lowerProbe = Math.sqrt(low * estimate);
        double upperProbe = Math.sqrt(estimate * high);
        return above / secondsAt.applyAsDouble(upperProbe) >= below / secondsAt.applyAsDouble(lowerProbe) ? upperProbe : lowerProbe;
    }

    private double clamp(double rate) {
        return Math.max(settings.minRate(), Math.min(settings.maxRate(), rate));
    }

    private Double stop(Stop why) {
        stop = why;
        return null;
    }

    private Step step(double rate, boolean rampProbe) throws Exception {
        int attempt = attempts.getOrDefault(rate, 0); // every run at this rate, discarded ones too: each gets its own seed and directory
        int limitedInARow = 0;
        Measurement m;
        while ((m = probe.measure(rate, attempt++, rampProbe)).decidesNothing(settings.target())) {
            if (++limitedInARow > CLIENT_LIMITED_RETRIES) {
                attempts.put(rate, attempt);
                undecided = whyUndecided(rate, m, limitedInARow);
                return null;
            }
        }
        attempts.put(rate, attempt);
        return new Step(rate, m, 1, m.attainment() >= settings.target(), m.sent() >= settings.minMeasuredRequests());
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
