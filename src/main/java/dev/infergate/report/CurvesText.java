package dev.infergate.report;

import dev.infergate.analysis.capacity.CurveComparison;
import java.util.Comparator;
import java.util.Locale;

/** The console's line for the two sides' attainment curves compared (docs/acceptance.md, "Comparing the curves"). */
final class CurvesText {
    private CurvesText() {}

    /**
     * {@code -6,480 requests/hour [-9,100, -3,200] where the curves cross 95% attainment (baseline ~11.2, candidate
     * ~10 req/s): the sides differ; 5 rates probed by both, attainment differs at 2 (most at 16 req/s: -38.7 pp
     * [-52.1, -24.0])}.
     */
    static String line(CurveComparison c, double target) {
        String difference = Double.isNaN(c.perHour())
                ? "requests/hour difference unknown (a side failed at no rate tried; raise capacity.max_rate or max_probes)"
                : String.format(Locale.ROOT, "%s requests/hour [%s, %s] where the curves cross %.0f%% attainment (baseline"
                        + " ~%.3g, candidate ~%.3g req/s): %s", perHour(c.perHour()), perHour(c.lowPerHour()),
                        perHour(c.highPerHour()), target * 100, c.baselineCrossingRate(), c.candidateCrossingRate(),
                        c.excludesZero() ? "the sides differ" : "no difference shown");
        long differing = c.points().stream().filter(CurveComparison.Point::excludesZero).count();
        String rates = String.format(Locale.ROOT, "; %d rate(s) probed by both, attainment differs at %d", c.points().size(), differing);
        return difference + rates + c.points().stream().filter(CurveComparison.Point::excludesZero)
                .max(Comparator.comparingDouble(p -> Math.abs(p.difference())))
                .map(p -> String.format(Locale.ROOT, " (most at %.3g req/s: %+.1f pp [%+.1f, %+.1f])", p.ratePerSecond(),
                        p.difference() * 100, p.low() * 100, p.high() * 100))
                .orElse("");
    }

    private static String perHour(double v) {
        if (Double.isInfinite(v)) {
            return v > 0 ? "+inf" : "-inf";
        }
        return String.format(Locale.ROOT, "%+,.0f", v);
    }
}
