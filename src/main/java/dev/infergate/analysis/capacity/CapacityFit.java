package dev.infergate.analysis.capacity;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * The capacity at the SLO read from <b>every</b> probe of a side (docs/acceptance.md, "Capacity at the SLO"):
 * SLO attainment modelled as a non-increasing function of the offered rate, fitted by weighted isotonic regression
 * (pool-adjacent-violators, each probe weighted by its trials: its requests, or with {@code trials: effective} the
 * independent trials they are worth), and the rate where the fitted curve crosses the
 * target read off it: the median of the drawn crossings below (in log rate: the search works in ratios).
 *
 * <p>Why isotonic and not a parametric curve: the one thing known of an attainment curve is that offering more load
 * never makes more requests meet their SLO; its shape (a knee where a queue starts to build, or a slow slide as the
 * batch grows) differs by engine and SLO, and a logistic or probit curve fitted to a knee biases the crossing by
 * the shape it assumes. The fit assumes only the monotone fall; the search puts its probes near the crossing, where
 * the interpolation between neighbours is short.
 *
 * <p><b>Interval</b>: posterior draws of the whole curve. Each probe's attainment has its Jeffreys posterior
 * Beta(good + 1/2, misses + 1/2) in its n effective trials ({@link EffectiveTrials}: misses in runs while a queue
 * stands count as fewer trials than requests; a probe with no miss still varies), and the curve is that product
 * restricted to curves that never rise with the rate ({@link MonotonePosterior}, drawn exactly). Each of {@value #DRAWS}
 * seeded draws crosses the target between the last probe it holds and the first it misses, uniformly in log rate
 * between those two rates (between probes the curve is unknown beyond its fall: the search's resolution); the interval
 * is the 2.5th and 97.5th percentile of the drawn crossings. So both a probe's noise and a wide gap between probes widen
 * it, and the search narrows it by probing where the fit crosses. Until Dec 7 each draw pooled independent per-probe
 * draws centred on the fit (a projection onto monotone curves): a run of probes that all held then drew below the target
 * as often as one probe with a half miss per probe would, 0.5-5 % of the demo's draws fell below every probe, and 2 of
 * 10 demos left a 25 % capacity difference undecided (docs/acceptance.md, "Capacity at the SLO"). The difference
 * between two sides takes independent draws of each ({@link #differenceDraws}). A draw whose curve never falls below
 * the target crosses above every probed rate (+inf: the capacity is unbounded there); one whose curve is below it
 * everywhere crosses below the lowest (0).
 *
 * <p><b>What a short probe cannot rule out</b>: a probe that held over its few seconds may still offer more than the
 * server sustains, by up to its {@link Probe#hiddenOverload()} (its backlog grew too little to delay anyone past the
 * target). Each draw therefore takes, over the probes its fit holds, the highest floor rate / (1 + hidden overload) (the
 * least the server surely sustains), and draws the sustained crossing uniformly in log rate between that floor and the
 * crossing over the probes' own length (docs/acceptance.md, "Short probes and the sustained capacity").
 *
 * @param target      attainment to hold, e.g. 0.95
 * @param probes      every probe, pooled per rate, lowest rate first
 * @param sortedDraws the {@value #DRAWS} drawn crossings behind the estimate and the interval (seed {@link #INTERVAL_SEED}), sorted
 */
public record CapacityFit(double target, List<Probe> probes, double[] sortedDraws) {
    /** Draws behind an interval. */
    public static final int DRAWS = 2000;
    /** Seed of the per-side interval's draws; fixed, so the same probes give the same interval. */
    static final long INTERVAL_SEED = 0x5EEDCAFEL;

    /**
     * One offered rate's pooled requests.
     *
     * @param ratePerSecond the rate offered, req/s
     * @param sent          measured requests sent there (failures included)
     * @param good          those that met every SLO target
     * @param hiddenOverload the largest share by which this rate may exceed what the server sustains without the probe
     *                      showing it ({@link Measurement#hiddenOverload()}; 0: none)
     * @param trials        how many independent trials its requests are worth ({@link EffectiveTrials}: misses that
     *                      come in runs while a queue stands tell less than as many coin flips), 1 to {@code sent}
     */
    public record Probe(double ratePerSecond, long sent, long good, double hiddenOverload, double trials) {
        /** A probe that hides no overload (long enough, or a server whose misses do not come from a queue). */
        public Probe(double ratePerSecond, long sent, long good) {
            this(ratePerSecond, sent, good, 0);
        }

        /** A probe whose requests are independent trials. */
        public Probe(double ratePerSecond, long sent, long good, double hiddenOverload) {
            this(ratePerSecond, sent, good, hiddenOverload, sent);
        }

        public Probe {
            if (!(trials >= Math.min(1, sent) && trials <= sent)) {
                throw new IllegalArgumentException("trials (" + trials + ") must be between 1 and sent (" + sent + ")");
            }
            if (!(hiddenOverload >= 0) || Double.isInfinite(hiddenOverload)) {
                throw new IllegalArgumentException("hiddenOverload (" + hiddenOverload + ") must be >= 0 and finite");
            }
            if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
                throw new IllegalArgumentException("ratePerSecond (" + ratePerSecond + ") must be > 0 and finite");
            }
            if (sent < 0 || good < 0 || good > sent) {
                throw new IllegalArgumentException("good (" + good + ") must be between 0 and sent (" + sent + ")");
            }
        }

        public double attainment() {
            return sent == 0 ? 0 : (double) good / sent;
        }
    }

    public CapacityFit {
        if (!(target > 0 && target < 1)) {
            throw new IllegalArgumentException("target (" + target + ") must be between 0 and 1");
        }
        probes = pooled(probes);
        sortedDraws = sortedDraws.clone();
    }

    /** The fit of {@code probes} (any order, the same rate more than once pooled), its draws made once here. */
    public static CapacityFit of(double target, List<Probe> probes) {
        CapacityFit undrawn = new CapacityFit(target, probes, new double[0]);
        double[] drawn = undrawn.drawnCrossings(INTERVAL_SEED);
        Arrays.sort(drawn);
        return new CapacityFit(target, undrawn.probes(), drawn);
    }

    /** The fitted attainment at each probed rate (non-increasing with the rate), in {@link #probes()}' order. */
    public double[] fitted() {
        return isotonic(observed(), weights());
    }

    /**
     * The estimated capacity, req/s: the median of the drawn crossings (below): between two decisive probes the middle
     * of the gap in log rate, and where probes near the crossing are close to the target, where their attainments put
     * it. +inf when the fitted curve never falls below the target (no probe missed), 0 when it is below the target at
     * every probed rate; NaN with no probe.
     */
    public double ratePerSecond() {
        if (probes.isEmpty()) {
            return Double.NaN;
        }
        double observed = crossing(holding(fitted()), rates(), null);
        if (observed == 0 || Double.isInfinite(observed)) {
            return observed;
        }
        return quantile(sortedDraws, 0.5);
    }

    /**
     * The 95 % interval of the capacity, [low, high], req/s (the low end may be 0, the high one +inf, see the class
     * comment). A draw below every probed rate (0) lies somewhere under the lowest: it counts as that rate for the high
     * end, so a side that held nowhere has an interval up to its lowest probe, not [0, 0].
     */
    public double[] interval() {
        if (sortedDraws.length == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double[] high = belowAsLowest(sortedDraws);
        Arrays.sort(high);
        return new double[] {quantile(sortedDraws, 0.025), quantile(high, 0.975)};
    }

    /** Half the interval's width relative to the estimate: +inf while either end or the estimate is unbounded. */
    public double relativeHalfWidth() {
        double estimate = ratePerSecond();
        double[] i = interval();
        if (!(estimate > 0) || !Double.isFinite(estimate) || !Double.isFinite(i[1]) || !(i[0] > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        return (i[1] - i[0]) / 2 / estimate;
    }

    /** {@value #DRAWS} crossings, each from a curve drawn from the monotone posterior of every probe (seeded). */
    public double[] drawnCrossings(long seed) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(new long[] {seed, 0x9E3779B97F4A7C15L});
        double[] out = new double[DRAWS];
        int n = probes.size();
        if (n == 0) {
            Arrays.fill(out, Double.NaN);
            return out;
        }
        double[] rates = rates();
        MonotonePosterior posterior = MonotonePosterior.of(target, observed(), weights());
        boolean[] holds = new boolean[n];
        boolean hides = probes.stream().anyMatch(p -> p.hiddenOverload() > 0);
        for (int d = 0; d < DRAWS; d++) {
            posterior.draw(rng, holds);
            double crossing = crossing(holds, rates, rng);
            if (hides && crossing > 0 && Double.isFinite(crossing)) {
                // every probe this draw holds says the server sustains at least its rate / (1 + its hidden overload);
                // between the highest such floor and the crossing over the probes' own length, the sustained one is unknown
                double floor = 0;
                for (int i = 0; i < n && holds[i]; i++) {
                    floor = Math.max(floor, rates[i] / (1 + probes.get(i).hiddenOverload()));
                }
                floor = floor > 0 ? Math.min(floor, crossing) : crossing;
                crossing = Math.exp(Math.log(floor) + rng.nextDouble() * (Math.log(crossing) - Math.log(floor)));
            }
            out[d] = crossing;
        }
        return out;
    }

    /**
     * Draws of {@code candidate}'s capacity minus {@code baseline}'s, requests per hour, sorted; each side drawn
     * independently (their probes are independent runs). A draw where both are unbounded counts in either tail in
     * turn (inf - inf is unknown).
     */
    public static double[] differenceDraws(CapacityFit baseline, CapacityFit candidate) {
        return difference(baseline.drawnCrossings(INTERVAL_SEED + 1), candidate.drawnCrossings(INTERVAL_SEED + 2));
    }

    /**
     * The 95 % interval of {@code candidate}'s capacity minus {@code baseline}'s, requests per hour: the 2.5th and
     * 97.5th percentiles of {@link #differenceDraws}, except that a side's draw below every probed rate (0: somewhere
     * under its lowest probe) counts as its lowest probed rate for the end it would otherwise flatter the other side
     * on: the baseline's for the low end, the candidate's for the high end. A baseline that held nowhere makes no
     * candidate look its whole capacity better (identical servers, Dec 7: "+36,536 requests/hour [+30,402, +41,285]"
     * where the baseline's probes near its knee pooled below the target at every rate tried, 11.9 req/s the lowest).
     */
    public static double[] differenceInterval(CapacityFit baseline, CapacityFit candidate) {
        double[] b = baseline.drawnCrossings(INTERVAL_SEED + 1);
        double[] c = candidate.drawnCrossings(INTERVAL_SEED + 2);
        double[] low = difference(baseline.belowAsLowest(b), c);
        double[] high = difference(b, candidate.belowAsLowest(c));
        return new double[] {quantile(low, 0.025), quantile(high, 0.975)};
    }

    /** {@code draws} with each 0 (below every probed rate) as the lowest probed rate, in their order (draws pair up by index). */
    private double[] belowAsLowest(double[] draws) {
        double lowest = probes.isEmpty() ? 0 : probes.get(0).ratePerSecond();
        return Arrays.stream(draws).map(v -> v == 0 ? lowest : v).toArray();
    }

    /** The sorted differences c - b of paired draws, per hour (inf - inf counts in either tail in turn). */
    private static double[] difference(double[] b, double[] c) {
        double[] d = new double[DRAWS];
        for (int i = 0; i < DRAWS; i++) {
            double v = (c[i] - b[i]) * 3600;
            d[i] = Double.isNaN(v) ? (i % 2 == 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY) : v;
        }
        Arrays.sort(d);
        return d;
    }

    /**
     * The {@code q} quantile of sorted draws, interpolation-free at rank round(q x (n - 1)). Not yet
     * {@link dev.infergate.analysis.Quantiles}' nearest rank: with it the knee's searches of CapacityFitTest stop at
     * their budget more often (median half-width 5.2 % over the 5 % asked), see docs/acceptance.md.
     */
    static double quantile(double[] sorted, double q) {
        int i = (int) Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))));
        return sorted[i];
    }

    /**
     * Where a fitted curve crosses the target: between the last probed rate at or above it and the next, below it;
     * drawn uniformly in log rate between them (between two probes the curve is unknown beyond its fall, so the
     * crossing may lie anywhere there: this is what makes a wide gap between probes a wide interval, however sure
     * each probe is). With {@code rng} null, only whether it is 0, +inf or in between (then the gap's middle).
     */
    private static double crossing(boolean[] holds, double[] rates, UniformRandomProvider rng) {
        int below = -1;
        for (int i = 0; i < holds.length; i++) {
            if (!holds[i]) {
                below = i;
                break;
            }
        }
        if (below < 0) {
            return Double.POSITIVE_INFINITY;
        }
        if (below == 0) {
            return 0;
        }
        int above = below - 1;
        double t = rng == null ? 0.5 : rng.nextDouble();
        double low = Math.log(rates[above]);
        double high = Math.log(rates[below]);
        return Math.exp(low + t * (high - low));
    }

    private boolean[] holding(double[] curve) {
        boolean[] holds = new boolean[curve.length];
        for (int i = 0; i < curve.length; i++) {
            holds[i] = curve[i] >= target;
        }
        return holds;
    }

    private double[] rates() {
        return probes.stream().mapToDouble(Probe::ratePerSecond).toArray();
    }

    private double[] observed() {
        return probes.stream().mapToDouble(Probe::attainment).toArray();
    }

    /**
     * What each probe weighs, in the fit and in its posterior: its effective trials ({@link Probe#trials()}), not its
     * requests. Both ways: a probe from an idle server flatters its rate on average (a queue that had not built yet),
     * but a short one also catches or misses a whole episode of misses by chance (10 s probes against a 32-slot
     * queue: 87.8 % at 22.9 req/s where a 40 s run held 96.4 %), so a hold and a miss are each only as sure as the
     * independent looks at the server behind them.
     */
    private double[] weights() {
        return probes.stream().mapToDouble(p -> Math.max(1, p.trials())).toArray();
    }

    /** Weighted pool-adjacent-violators for a non-increasing fit of {@code y} (in rate order). */
    static double[] isotonic(double[] y, double[] w) {
        int n = y.length;
        double[] value = new double[n];
        double[] weight = new double[n];
        int[] size = new int[n];
        int blocks = 0;
        for (int i = 0; i < n; i++) {
            value[blocks] = y[i];
            weight[blocks] = w[i];
            size[blocks] = 1;
            blocks++;
            // a later block above an earlier one violates "non-increasing": merge them into their weighted mean
            while (blocks > 1 && value[blocks - 1] > value[blocks - 2]) {
                int a = blocks - 2;
                int b = blocks - 1;
                double total = weight[a] + weight[b];
                value[a] = (value[a] * weight[a] + value[b] * weight[b]) / total;
                weight[a] = total;
                size[a] += size[b];
                blocks--;
            }
        }
        double[] out = new double[n];
        int k = 0;
        for (int b = 0; b < blocks; b++) {
            for (int j = 0; j < size[b]; j++) {
                out[k++] = value[b];
            }
        }
        return out;
    }

    /** Probes of the same rate (equal to 1e-9 relative) pooled, lowest rate first. */
    private static List<Probe> pooled(List<Probe> probes) {
        List<Probe> sorted = new ArrayList<>(probes);
        sorted.sort(Comparator.comparingDouble(Probe::ratePerSecond));
        List<Probe> out = new ArrayList<>();
        for (Probe p : sorted) {
            Probe last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && Math.abs(last.ratePerSecond() - p.ratePerSecond()) <= 1e-9 * p.ratePerSecond()) {
                out.set(out.size() - 1, new Probe(last.ratePerSecond(), last.sent() + p.sent(), last.good() + p.good(),
                        Math.max(last.hiddenOverload(), p.hiddenOverload()), last.trials() + p.trials()));
            } else {
                out.add(p);
            }
        }
        return List.copyOf(out);
    }
}
