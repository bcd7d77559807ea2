package dev.infergate.analysis.quality;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A two-sided confidence interval around an estimate; all three are fractions (0.91 = 91%).
 *
 * @param estimate   the point estimate
 * @param low        the lower bound
 * @param high       the upper bound
 * @param confidence the coverage, e.g. 0.95
 */
public record Interval(double estimate, double low, double high, double confidence) {

    public Interval {
        if (!(low <= high)) {
            throw new IllegalArgumentException("interval low (" + low + ") must be <= high (" + high + ")");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence (" + confidence + ") must be between 0 and 1");
        }
    }

    /** For JSON: value, low, high, confidence and the method's name. */
    public Map<String, Object> toMap(String method) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", round(estimate));
        m.put("low", round(low));
        m.put("high", round(high));
        m.put("confidence", confidence);
        m.put("method", method);
        return m;
    }

    static double round(double v) {
        return Math.round(v * 1e6) / 1e6;
    }
}
