package dev.infergate.analysis.quality;

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

    /** For JSON: value, low, high (6 decimals), confidence and the method's name. */
    public Written written(String method) {
        return new Written(round(estimate), round(low), round(high), confidence, method);
    }

    /** An interval as quality.json and quality-comparison.json write it. */
    public record Written(double value, double low, double high, double confidence, String method) {}

    static double round(double v) {
        return Math.round(v * 1e6) / 1e6;
    }
}
