package dev.infergate.analysis.audience;

import dev.infergate.analysis.capacity.CapacityDifference;
import dev.infergate.analysis.capacity.CapacitySearch;
import dev.infergate.analysis.compare.Bound;
import dev.infergate.analysis.compare.Verdict;
import dev.infergate.config.YamlNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A criterion on the capacity at the SLO, {@code capacity.requests_per_hour: {min_improvement: 0%}}: judged on
 * the capacity step of an acceptance (more is better), not on a matrix condition. Relative bounds judge the
 * difference {@code candidate - baseline} over the baseline's capacity, with its 95 % interval from the two sides'
 * fits ({@link CapacityDifference}); {@code min} and {@code max} judge the candidate's own requests per hour with
 * its interval. Wholly on the good side passes, wholly on the bad side fails, otherwise inconclusive (longer probes,
 * more {@code capacity.max_probes} or a narrower {@code capacity.tolerance} would settle it).
 *
 * @param bound     the kind of threshold
 * @param threshold a fraction for relative bounds (0.05 = 5 %), requests per hour for {@code min}/{@code max}
 */
public record CapacityCriterion(Bound bound, double threshold) {
    /** The statistic key in a criteria mapping. */
    public static final String KEY = "capacity.requests_per_hour";

    public CapacityCriterion {
        if (bound == null) {
            throw new IllegalArgumentException("bound must not be null");
        }
        if (!(threshold >= 0) || Double.isInfinite(threshold)) {
            throw new IllegalArgumentException(KEY + " " + (bound == null ? "" : bound.key()) + " (" + threshold
                    + ") must be a finite number >= 0");
        }
    }

    /** The criteria of {@code {max_regression: 5%, min: 40000}}; errors name the line and key. */
    public static List<CapacityCriterion> parse(YamlNode value) {
        if (!value.isMap() || value.fields().isEmpty()) {
            throw value.error("must be a mapping of bounds, e.g. {min_improvement: 0%}; bounds: " + Bound.keys());
        }
        List<CapacityCriterion> out = new ArrayList<>();
        for (Map.Entry<String, YamlNode> b : value.fields().entrySet()) {
            Bound bound = Bound.byKey(b.getKey());
            if (bound == null) {
                throw b.getValue().error("unknown bound '" + b.getKey() + "'; expected one of " + Bound.keys());
            }
            out.add(b.getValue().as(t -> new CapacityCriterion(bound, threshold(bound, t))));
        }
        return out;
    }

    private static double threshold(Bound bound, String text) {
        String t = text.trim();
        try {
            if (!bound.relative()) {
                return Double.parseDouble(t);
            }
            double v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1)) / 100 : Double.parseDouble(t);
            if (!t.endsWith("%") && v > 1) {
                throw new IllegalArgumentException("'" + t + "' is read as a fraction; write a percentage such as " + t
                        + "% or a fraction such as 0.05");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + t + "' is not a number" + (bound.relative() ? " (write 5% or 0.05)"
                    : " (requests per hour)"));
        }
    }

    /** How the criterion is written: {@code capacity.requests_per_hour min_improvement 0%}. */
    public String describe() {
        return KEY + " " + bound.key() + " " + formatThreshold();
    }

    /** The threshold as written: {@code 5%}, {@code 40,000/h}. */
    public String formatThreshold() {
        return bound.relative() ? AudienceText.number(threshold * 100) + "%"
                : String.format(Locale.ROOT, "%,.0f/h", threshold);
    }

    /** The limit on the judged quantity, which must stay at or above it unless the bound is {@code max}. */
    double limit() {
        return switch (bound) {
            case MAX_REGRESSION -> -threshold;
            case MIN_IMPROVEMENT, MAX, MIN -> threshold;
        };
    }

    /** Judges the capacity step's two sides. */
    public CapacityJudgement judge(CapacitySearch.Result baseline, CapacitySearch.Result candidate) {
        CapacityDifference d = CapacityDifference.of(baseline, candidate);
        double base = baseline.requestsPerHour();
        if (bound.relative() && !(base > 0)) {
            return new CapacityJudgement(this, d, baseline, candidate, Verdict.INCONCLUSIVE,
                    "the baseline held the SLO at no rate tried, so no relative change can be given");
        }
        double low = bound.relative() ? d.lowPerHour() / base : candidate.lowerRate() * 3600;
        double high = bound.relative() ? d.highPerHour() / base : candidate.upperRate() * 3600;
        boolean atMost = bound == Bound.MAX;
        double limit = limit();
        boolean pass = atMost ? high <= limit : low >= limit;
        boolean fail = atMost ? low > limit : high < limit;
        Verdict v = pass ? Verdict.PASS : fail ? Verdict.FAIL : Verdict.INCONCLUSIVE;
        String undecided = baseline.stop() == CapacitySearch.Stop.UNDECIDED_PROBE ? "the baseline's"
                : candidate.stop() == CapacitySearch.Stop.UNDECIDED_PROBE ? "the candidate's" : null;
        String timedOut = timedOut(baseline, candidate);
        String note = v != Verdict.INCONCLUSIVE ? null : undecided != null
                ? "held back by a busy machine: " + undecided + " search stopped at a"
                        + " probe whose client or simulator was late enough to explain its outcome in every run, so its answer"
                        + " rests on the probes that decided; free CPU and run again"
                : timedOut != null
                        ? "the capacity interval straddles the limit; " + timedOut + " search stopped at its"
                                + " time budget (capacity.time_budget): a longer one, or more capacity.max_probes, would settle it"
                        : "the capacity interval straddles the limit; longer probes (capacity.duration: each is worth the"
                                + " independent looks at the server its requests took), more capacity.max_probes or a narrower"
                                + " capacity.tolerance would settle it";
        return new CapacityJudgement(this, d, baseline, candidate, v, note);
    }

    /** "the baseline's", "the candidate's" or "each side's" search that its time budget stopped; null if none did. */
    private static String timedOut(CapacitySearch.Result baseline, CapacitySearch.Result candidate) {
        boolean b = baseline.stop() == CapacitySearch.Stop.TIME_BUDGET;
        boolean c = candidate.stop() == CapacitySearch.Stop.TIME_BUDGET;
        return b && c ? "each side's" : b ? "the baseline's" : c ? "the candidate's" : null;
    }
}
