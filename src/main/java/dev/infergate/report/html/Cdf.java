package dev.infergate.report.html;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * A latency distribution drawn as a cumulative distribution: the histogram holds every value (so the
 * statistics see every request), and only the drawing is thinned to at most {@link #MAX_POINTS} points.
 *
 * <p>The histogram is the one behind summary.json's figure (see {@code Figures#latency(Metric)}), so the curve and
 * the tables beside it agree. The points sit at fixed cumulative shares: every 0.25 % of the body, then denser in the tail (20 per
 * decade from p99 to p99.999) so a long tail stays visible, plus the minimum and the maximum. Values are
 * recorded in <b>microseconds</b> (3 significant digits, up to one hour) and drawn in milliseconds.
 */
final class Cdf {
    /** The most points one curve contributes to the page. */
    static final int MAX_POINTS = 500;
    private static final double[] SHARES = shares();

    private final Histogram micros;

    /** The CDF of a histogram of microseconds (it is not changed). */
    Cdf(Histogram micros) {
        this.micros = micros;
    }

    long count() {
        return micros.getTotalCount();
    }

    /**
     * The drawn curve: share {@code p} of the values are at most {@code x_ms}; empty lists when empty.
     *
     * @param count the values behind it
     */
    record Curve(long count, @JsonProperty("x_ms") List<Double> xMs, List<Double> p) {}

    /** The curve of this histogram. */
    Curve curve() {
        List<Double> xs = new ArrayList<>();
        List<Double> ps = new ArrayList<>();
        long n = count();
        if (n > 0) {
            add(xs, ps, micros.getMinValue(), 1.0 / n);
            for (double share : SHARES) {
                add(xs, ps, micros.highestEquivalentValue(micros.getValueAtPercentile(share * 100)), share);
            }
            add(xs, ps, micros.getMaxValue(), 1.0);
        }
        return new Curve(n, xs, ps);
    }

    /** Appends a point unless it repeats the last value (a step keeps its highest share). */
    private static void add(List<Double> xs, List<Double> ps, long valueMicros, double share) {
        double x = Num.round3(valueMicros / 1e3);
        double p = Num.round5(share);
        int last = xs.size() - 1;
        if (last >= 0 && xs.get(last) >= x) {
            ps.set(last, Math.max(ps.get(last), p));
            return;
        }
        xs.add(x);
        ps.add(p);
    }

    private static double[] shares() {
        List<Double> list = new ArrayList<>();
        for (int i = 1; i < 396; i++) {
            list.add(i / 400.0);
        }
        for (int j = 0; j <= 60; j++) {
            list.add(1 - Math.pow(10, -2 - j / 20.0));
        }
        double[] out = new double[list.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = list.get(i);
        }
        return out;
    }
}
