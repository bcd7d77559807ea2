package dev.infergate.analysis.capacity;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * The posterior of an attainment curve that never rises with the offered rate, drawn exactly: each probe's
 * attainment p_i has its Jeffreys posterior Beta(good_i + 1/2, misses_i + 1/2) (in effective trials), and the curve is
 * that product <b>restricted</b> to p_1 >= p_2 >= ... >= p_k, lowest rate first (the order-restricted Bayesian model of
 * a dose-response curve; docs/acceptance.md, "Capacity at the SLO").
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
 * cell edge exactly at the target: whether a drawn p_i holds is its cell's side of that edge, without rounding. Cost:
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
        double[] logWidth = new double[CELLS];
        double previousEdge = 0;
        for (int c = 0; c < CELLS; c++) {
            double edge = c == CELLS - 1 ? 1 : sigmoid(logitTarget + h * (c - HALF));
            double mid = c == 0 ? edge / 2
                    : c == CELLS - 1 ? (1 + previousEdge) / 2
                    : sigmoid(logitTarget + h * (c - HALF - 0.5));
            logP[c] = Math.log(mid);
            logQ[c] = Math.log1p(-mid);
            logWidth[c] = Math.log(edge - previousEdge);
            previousEdge = edge;
        }
        int k = attainment.length;
        double[][] cumulative = new double[k][];
        double[] logBelow = new double[CELLS]; // log of the next probe's cumulative: 0 past the last probe
        double[] message = new double[CELLS];
        for (int i = k - 1; i >= 0; i--) {
            double a = attainment[i] * trials[i] + 0.5;
            double b = (1 - attainment[i]) * trials[i] + 0.5;
            double max = Double.NEGATIVE_INFINITY;
            for (int c = 0; c < CELLS; c++) {
                message[c] = (a - 1) * logP[c] + (b - 1) * logQ[c] + logWidth[c] + logBelow[c];
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
                logBelow[c] = Math.log(cum[c]);
            }
            cumulative[i] = cum;
        }
        return new MonotonePosterior(HALF + 1, cumulative);
    }

    /** One draw of the curve: {@code holds[i]} whether probe i's drawn attainment is at or above the target. */
    void draw(UniformRandomProvider rng, boolean[] holds) {
        int ceiling = CELLS - 1;
        for (int i = 0; i < cumulative.length; i++) {
            double[] cum = cumulative[i];
            ceiling = Math.min(ceiling, firstAbove(cum, rng.nextDouble() * cum[ceiling], ceiling));
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
