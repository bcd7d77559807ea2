package dev.infergate.analysis.capacity;

import dev.infergate.analysis.Quantiles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.AhrensDieterMarsagliaTsangGammaSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * The two sides' attainment-vs-rate curves compared (docs/acceptance.md, "Comparing the curves"): at every rate
 * both sides probed, the candidate's attainment minus the baseline's with a 95 % interval from the probes'
 * requests; and where each curve crosses the target, the difference in requests per hour with a 95 % interval
 * that carries both the search's resolution and the probes' noise.
 *
 * <p><b>Attainment difference at one rate</b>: Newcombe's hybrid score interval (Newcombe 1998, method 10) built
 * from each side's 95 % Wilson interval; it stays inside [-1, 1] and behaves at 0 and 100 % attainment, where a
 * Wald interval collapses to a point.
 *
 * <p><b>Crossing, per side</b>: the target is crossed between the highest rate that held it and the lowest rate
 * above that failed (the bracket). Between two probes the curve is unknown beyond falling with the rate, so the
 * crossing is taken as anywhere in the bracket, uniformly in log rate (the search bisects geometrically): the
 * estimate is the bracket's geometric midpoint. <b>Interval</b>: {@value #DRAWS} seeded draws; each draws every
 * probe's attainment from its Jeffreys posterior Beta(good + 1/2, misses + 1/2) (probe noise: a probe that
 * barely held may have failed, and the bracket moves), finds each side's bracket on the drawn curve and a
 * crossing uniformly within it (resolution); the interval is the 2.5th and 97.5th percentile of the drawn
 * differences. A side that never failed is unbounded above: the difference is then unknown (NaN, interval
 * [-inf, +inf]); a side that never held crosses somewhere below its lowest rate, in [0, lowest rate].
 *
 * @param points               the rates both sides probed, lowest first
 * @param baselineCrossingRate the baseline's estimated crossing, req/s (+inf: failed at no rate)
 * @param candidateCrossingRate the candidate's, req/s
 * @param perHour              candidate crossing - baseline crossing, requests/hour (NaN when either is unbounded)
 * @param lowPerHour           the interval's lower end, requests/hour (may be -inf)
 * @param highPerHour          the interval's upper end, requests/hour (may be +inf)
 */
public record CurveComparison(List<Point> points, double baselineCrossingRate, double candidateCrossingRate,
        double perHour, double lowPerHour, double highPerHour) {
    /** Draws behind the interval of the difference in requests per hour. */
    public static final int DRAWS = 4000;
    private static final double Z95 = 1.959964;

    public CurveComparison {
        points = List.copyOf(points);
        if (Double.isNaN(lowPerHour) || Double.isNaN(highPerHour) || lowPerHour > highPerHour) {
            throw new IllegalArgumentException("the interval needs low (" + lowPerHour + ") <= high (" + highPerHour + ")");
        }
    }

    /**
     * One rate both sides probed: each side's pooled requests, and the candidate's attainment minus the
     * baseline's with its 95 % interval.
     */
    public record Point(double ratePerSecond, long baselineSent, long baselineGood, long candidateSent, long candidateGood,
            double difference, double low, double high) {
        public Point {
            if (baselineGood > baselineSent || candidateGood > candidateSent || baselineGood < 0 || candidateGood < 0) {
                throw new IllegalArgumentException("good must be between 0 and sent (baseline " + baselineGood + "/"
                        + baselineSent + ", candidate " + candidateGood + "/" + candidateSent + ")");
            }
        }

        /** Whether the attainments differ at this rate: the interval lies wholly above or below zero. */
        public boolean excludesZero() {
            return low > 0 || high < 0;
        }
    }

    /** Whether the interval of the difference in requests per hour lies wholly above or below zero. */
    public boolean excludesZero() {
        return lowPerHour > 0 || highPerHour < 0;
    }

    /** Compares the curves of {@code baseline} and {@code candidate} at attainment {@code target}; draws from {@code seed}. */
    public static CurveComparison of(CapacitySearch.Result baseline, CapacitySearch.Result candidate, double target, long seed) {
        List<CapacitySearch.Step> b = baseline.curve();
        List<CapacitySearch.Step> c = candidate.curve();
        double[] drawn = new double[DRAWS];
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(new long[] {seed, 0x9E3779B97F4A7C15L});
        for (int i = 0; i < DRAWS; i++) {
            double d = (crossing(c, drawnAttainments(c, rng), target, rng) - crossing(b, drawnAttainments(b, rng), target, rng)) * 3600;
            // Both sides unbounded in this draw (inf - inf): the difference is unknown, so it counts in both tails.
            drawn[i] = Double.isNaN(d) ? (i % 2 == 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY) : d;
        }
        Arrays.sort(drawn);
        double bc = crossing(b, observed(b), target, null);
        double cc = crossing(c, observed(c), target, null);
        List<Point> points = commonPoints(b, c);
        if (!Double.isFinite(bc) || !Double.isFinite(cc)) { // a side never failed: its capacity has no upper end
            return new CurveComparison(points, bc, cc, Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        }
        return new CurveComparison(points, bc, cc, (cc - bc) * 3600, percentile(drawn, 0.025), percentile(drawn, 0.975));
    }

    /** The candidate's attainment minus the baseline's, with Newcombe's hybrid score interval, [difference, low, high]. */
    public static double[] attainmentDifference(long baselineGood, long baselineSent, long candidateGood, long candidateSent) {
        double pb = baselineSent == 0 ? 0 : (double) baselineGood / baselineSent;
        double pc = candidateSent == 0 ? 0 : (double) candidateGood / candidateSent;
        double[] wb = CapacitySearch.wilson(baselineGood, baselineSent);
        double[] wc = CapacitySearch.wilson(candidateGood, candidateSent);
        double d = pc - pb;
        return new double[] {d, d - Math.hypot(pc - wc[0], wb[1] - pb), d + Math.hypot(wc[1] - pc, pb - wb[0])};
    }

    /** Every rate probed on both sides (equal to 1e-9 relative: both searches start alike and bisect alike). */
    private static List<Point> commonPoints(List<CapacitySearch.Step> baseline, List<CapacitySearch.Step> candidate) {
        List<Point> out = new ArrayList<>();
        for (CapacitySearch.Step s : baseline) {
            for (CapacitySearch.Step t : candidate) {
                if (Math.abs(s.ratePerSecond() - t.ratePerSecond()) <= 1e-9 * s.ratePerSecond()) {
                    Measurement mb = s.pooled();
                    Measurement mc = t.pooled();
                    double[] d = attainmentDifference(mb.good(), mb.sent(), mc.good(), mc.sent());
                    out.add(new Point(s.ratePerSecond(), mb.sent(), mb.good(), mc.sent(), mc.good(), d[0], d[1], d[2]));
                }
            }
        }
        return out;
    }

    private static double[] observed(List<CapacitySearch.Step> curve) {
        return curve.stream().mapToDouble(s -> s.pooled().attainment()).toArray();
    }

    /** Each probe's attainment drawn from its Jeffreys posterior Beta(good + 1/2, misses + 1/2). */
    private static double[] drawnAttainments(List<CapacitySearch.Step> curve, UniformRandomProvider rng) {
        double[] a = new double[curve.size()];
        for (int i = 0; i < a.length; i++) {
            Measurement m = curve.get(i).pooled();
            double x = AhrensDieterMarsagliaTsangGammaSampler.of(rng, m.good() + 0.5, 1).sample();
            double y = AhrensDieterMarsagliaTsangGammaSampler.of(rng, m.sent() - m.good() + 0.5, 1).sample();
            a[i] = x / (x + y);
        }
        return a;
    }

    /**
     * Where {@code curve} (rates ascending, attainments {@code attainment}) crosses {@code target}: within the
     * bracket [highest rate that held, lowest rate above it that failed], uniformly in log rate when {@code rng}
     * is set, at its geometric midpoint when null. No rate held: in [0, lowest rate] (uniformly, or its middle); +inf
     * when none above the highest that held failed.
     */
    static double crossing(List<CapacitySearch.Step> curve, double[] attainment, double target, UniformRandomProvider rng) {
        int pass = -1;
        for (int i = 0; i < attainment.length; i++) {
            if (attainment[i] >= target) {
                pass = i;
            }
        }
        if (pass < 0) {
            return curve.get(0).ratePerSecond() * (rng == null ? 0.5 : rng.nextDouble());
        }
        if (pass == attainment.length - 1) {
            return Double.POSITIVE_INFINITY;
        }
        double low = Math.log(curve.get(pass).ratePerSecond());
        double high = Math.log(curve.get(pass + 1).ratePerSecond());
        double u = rng == null ? 0.5 : rng.nextDouble();
        return Math.exp(low + u * (high - low));
    }

    /** The {@code q} quantile (0..1) of sorted draws ({@link Quantiles}); infinities kept, NaN never produced by the draws. */
    private static double percentile(double[] sorted, double q) {
        return Quantiles.ofSorted(sorted, q * 100);
    }
}
