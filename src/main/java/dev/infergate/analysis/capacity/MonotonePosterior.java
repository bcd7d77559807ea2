package dev.infergate.analysis.capacity;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * The posterior of an attainment curve that never rises with the offered rate, drawn exactly: each probe's
 * attainment p_i has the likelihood of its good requests and misses (in effective trials) under a prior <b>centred on
 * the target</b>, and the curve is that product <b>restricted</b> to p_1 >= p_2 >= ... >= p_k, lowest rate first (the
 * order-restricted Bayesian model of a dose-response curve; docs/acceptance.md, "Capacity at the SLO").
 *
 * <p>The prior: q = sigmoid(logit p_i - logit target) is uniform, that is p_i's odds against the target's are spread as
 * a uniform probability's odds are against evens (density o / (p + (1 - p) o)^2, o the target's odds). Before any
 * request a probe holds the target half the time, whatever the target. Until Dec 7 each probe had Jeffreys' Beta(1/2,
 * 1/2), centred on 50 %, which holds a 95 % target 14.4 % of the time; restricted to monotone curves, k such priors hold
 * it at as many probes as k coins that land heads 14.4 % of the time, a prior that the crossing lies low among the
 * probes whatever they say. It drew a probe near the target below it more often than its requests did: on a slowly
 * sliding curve the intervals covered the true capacity 90.0 % of the time, 84 of 100 misses below it (99.5 % and
 * 94.6 % now, CapacityFitTest; docs/acceptance.md, "The prior"). A flawless probe of 72 requests leaves 0.8 % of
 * this posterior below 95 % (Jeffreys': 0.6 %).
 *
 * <p>Why restricted and not projected: projecting independent draws onto a monotone curve (pool-adjacent-violators on
 * each draw) pools a run of probes that all held into the weighted mean of their draws, and each probe's prior adds its
 * own half miss to that mean: five probes that held over 70 trials together draw below a 95 % target as often as one
 * probe with two and a half misses would. In the demo that put 0.5 % to 5 % of a side's draws below every probe (its
 * interval reaching 0) and left its capacity difference undecided in 2 of 10 runs. Restricted, the same probes are
 * one piece of evidence however they are split: a curve below the target everywhere needs every probe below it.
 *
 * <p>How: the chain p_1 >= ... >= p_k is sampled by backward filtering and forward sampling on a grid of {@value #CELLS}
 * cells uniform in log-odds (about 0.012 wide, so a posterior of thousands of trials still spans tens of cells), one
 * cell edge exactly at the target: whether a drawn p_i holds is its cell's side of that edge, without rounding. Two
 * neighbouring probes drawn in one cell are in order half the time, so that cell counts half (counted whole, the higher
 * probe of a pair out of order, 25 of 30 below 29 of 30 at a 90 % target, held 0.5 points too often). Cost:
 * k x {@value #CELLS} products once, then k binary searches a draw.
 */
final class MonotonePosterior {
    /** Cells between log-odds target - 25 and target + 25, plus the two ends (p near 0 and near 1). */
    static final int CELLS = 2 * 2048 + 2;
    private static final int HALF = 2048;
    private static final double SPAN = 25.0;

    /** Cells at or above this index lie at or above the target. */
    private final int targetCell;
    /** Per probe, the cumulative share of its backward message over the cells (last entry 1). */
    private final double[][] cumulative;

    private MonotonePosterior(int targetCell, double[][] cumulative) {
        this.targetCell = targetCell;
        this.cumulative = cumulative;
    }

    /**
     * The posterior of probes with these attainments and trials, lowest rate first.
     *
     * @param target     the attainment whose crossing is read (one cell edge lies on it)
     * @param attainment each probe's share of requests that met the SLO
     * @param trials     each probe's effective trials (&gt;= 1)
     */
    static MonotonePosterior of(double target, double[] attainment, double[] trials) {
        double h = SPAN / HALF;
        double logitTarget = Math.log(target / (1 - target));
        double[] logP = new double[CELLS];
        double[] logQ = new double[CELLS];
        double[] logPrior = new double[CELLS];
        double previousEdge = 0;
        for (int c = 0; c < CELLS; c++) {
            double edge = c == CELLS - 1 ? 1 : sigmoid(logitTarget + h * (c - HALF));
            double mid = c == 0 ? edge / 2
                    : c == CELLS - 1 ? (1 + previousEdge) / 2
                    : sigmoid(logitTarget + h * (c - HALF - 0.5));
            logP[c] = Math.log(mid);
            logQ[c] = Math.log1p(-mid);
            // the cell's prior mass: the share of a uniform q = sigmoid(logit p - logit target) between its edges
            logPrior[c] = Math.log(priorMass(c == 0 ? Double.NEGATIVE_INFINITY : h * (c - 1 - HALF),
                    c == CELLS - 1 ? Double.POSITIVE_INFINITY : h * (c - HALF)));
            previousEdge = edge;
        }
        int k = attainment.length;
        double[][] cumulative = new double[k][];
        double[] logBelow = new double[CELLS]; // log of the next probe's cumulative: 0 past the last probe
        double[] message = new double[CELLS];
        for (int i = k - 1; i >= 0; i--) {
            double good = attainment[i] * trials[i];
            double misses = (1 - attainment[i]) * trials[i];
            double max = Double.NEGATIVE_INFINITY;
            for (int c = 0; c < CELLS; c++) {
                message[c] = good * logP[c] + misses * logQ[c] + logPrior[c] + logBelow[c];
                max = Math.max(max, message[c]);
            }
            double[] cum = new double[CELLS];
            double sum = 0;
            for (int c = 0; c < CELLS; c++) {
                sum += Math.exp(message[c] - max);
                cum[c] = sum;
            }
            for (int c = 0; c < CELLS; c++) {
                cum[c] /= sum;
                // this probe at or below cell c, its own cell counted half: two probes in one cell are in order half the time
                logBelow[c] = Math.log((cum[c] + (c == 0 ? 0 : cum[c - 1])) / 2);
            }
            cumulative[i] = cum;
        }
        return new MonotonePosterior(HALF + 1, cumulative);
    }

    /**
     * The prior's mass between two log-odds relative to the target's, {@code from < to}: a standard logistic's, taken on
     * the side of zero where it is small, so a tail cell keeps its digits.
     */
    static double priorMass(double from, double to) {
        return from >= 0 ? sigmoid(-from) - sigmoid(-to) : sigmoid(to) - sigmoid(from);
    }

    /** One draw of the curve: {@code holds[i]} whether probe i's drawn attainment is at or above the target. */
    void draw(UniformRandomProvider rng, boolean[] holds) {
        int ceiling = CELLS - 1;
        for (int i = 0; i < cumulative.length; i++) {
            double[] cum = cumulative[i];
            // below the previous probe's cell, or in it at half its weight (as the backward pass counted it); the first
            // probe anywhere
            double reach = i == 0 ? 1 : (cum[ceiling] + (ceiling == 0 ? 0 : cum[ceiling - 1])) / 2;
            ceiling = Math.min(ceiling, firstAbove(cum, rng.nextDouble() * reach, ceiling));
            holds[i] = ceiling >= targetCell;
        }
    }

    /** The first cell at or below {@code last} whose cumulative share exceeds {@code u}. */
    private static int firstAbove(double[] cum, double u, int last) {
        int lo = 0;
        int hi = last;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cum[mid] > u) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }
}
