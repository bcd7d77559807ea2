package dev.infergate.analysis.compare;

/**
 * A statistic on both sides and the interval of their difference.
 *
 * <p>{@code delta} is relative: {@code candidate / baseline - 1}, so +0.10 means the candidate's value is 10 %
 * higher (for a latency: worse; for a throughput: better). It is 0 when both values are 0 and NaN when only
 * the baseline's is. The intervals are bootstrap percentile intervals at {@code confidence}; NaN when the
 * statistic was undefined in too many resamples.
 *
 * @param statistic       what was compared
 * @param baseline        the baseline's value (units of the metric)
 * @param candidate       the candidate's value
 * @param delta           relative difference, candidate / baseline - 1
 * @param deltaLow        lower end of the interval of {@code delta}
 * @param deltaHigh       upper end of the interval of {@code delta}
 * @param candidateLow    lower end of the interval of the candidate's value
 * @param candidateHigh   upper end of the interval of the candidate's value
 * @param baselineCount   baseline values the statistic rests on (requests with a defined value)
 * @param candidateCount  candidate values the statistic rests on
 * @param baselineRepeats independent repeats of the baseline
 * @param candidateRepeats independent repeats of the candidate
 * @param confidence      the intervals' confidence level, e.g. 0.95
 * @param lowSample       a tail percentile with fewer than {@code Distribution.TAIL_SAMPLES_WANTED} values
 *                        beyond it on either side: little more than a maximum
 */
public record Estimate(Statistic statistic, double baseline, double candidate, double delta, double deltaLow,
        double deltaHigh, double candidateLow, double candidateHigh, long baselineCount, long candidateCount,
        int baselineRepeats, int candidateRepeats, double confidence, boolean lowSample) {

    public Estimate {
        if (statistic == null) {
            throw new IllegalArgumentException("statistic must not be null");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence (" + confidence + ") must be between 0 and 1");
        }
    }

    /** Whether the interval of the delta could be computed. */
    public boolean hasInterval() {
        return !Double.isNaN(deltaLow) && !Double.isNaN(deltaHigh);
    }

    /** {@code candidate / baseline - 1}; 0 when both are 0, NaN when only the baseline is 0 or either is NaN. */
    public static double relative(double baseline, double candidate) {
        if (Double.isNaN(baseline) || Double.isNaN(candidate)) {
            return Double.NaN;
        }
        if (baseline == 0) {
            return candidate == 0 ? 0 : Double.NaN;
        }
        return candidate / baseline - 1;
    }
}
