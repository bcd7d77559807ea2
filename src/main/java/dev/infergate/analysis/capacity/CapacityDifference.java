package dev.infergate.analysis.capacity;

/**
 * The candidate's capacity minus the baseline's, in requests per hour, with a 95 % interval. Where both sides carry
 * a {@link CapacityFit} (every search does), the interval is the 2.5th and 97.5th percentile of the difference
 * between independent posterior draws of each side's fitted crossing ({@link CapacityFit#differenceInterval}): it
 * carries both sides' probe noise and the interpolation between their probes. A side whose capacity is unbounded
 * above in a draw makes that end infinite; one below every rate it tried counts as its lowest for the end it would
 * flatter the other side on.
 *
 * <p>A result known by its bracket alone (no fit) keeps the bracket rule: each capacity lies in [highest rate that
 * held, lowest that missed], so the difference lies in [candidate low - baseline high, candidate high - baseline low].
 *
 * @param perHour     candidate capacity - baseline capacity, requests/hour (the estimates)
 * @param lowPerHour  the interval's lower end (-inf when the baseline found no failing rate)
 * @param highPerHour the interval's upper end (+inf when the candidate found no failing rate)
 */
public record CapacityDifference(double perHour, double lowPerHour, double highPerHour) {
    public CapacityDifference {
        if (Double.isNaN(perHour) || Double.isNaN(lowPerHour) || Double.isNaN(highPerHour) || lowPerHour > highPerHour) {
            throw new IllegalArgumentException("difference " + perHour + " needs an interval low (" + lowPerHour
                    + ") <= high (" + highPerHour + ")");
        }
    }

    /** The difference between {@code candidate} and {@code baseline}. */
    public static CapacityDifference of(CapacitySearch.Result baseline, CapacitySearch.Result candidate) {
        if (baseline.fit() != null && candidate.fit() != null) {
            double[] interval = CapacityFit.differenceInterval(baseline.fit(), candidate.fit());
            double low = interval[0];
            double high = interval[1];
            double perHour = (candidate.ratePerSecond() - baseline.ratePerSecond()) * 3600;
            if (!baseline.bounded() || !candidate.bounded()) { // an estimate is only a lower bound: the interval says so
                low = baseline.bounded() ? low : Double.NEGATIVE_INFINITY;
                high = candidate.bounded() ? high : Double.POSITIVE_INFINITY;
            }
            return new CapacityDifference(perHour, Math.min(low, perHour), Math.max(high, perHour));
        }
        return new CapacityDifference((candidate.ratePerSecond() - baseline.ratePerSecond()) * 3600,
                (candidate.lowerRate() - baseline.upperRate()) * 3600, (candidate.upperRate() - baseline.lowerRate()) * 3600);
    }

    /** Whether both ends are finite (each side found a rate that failed). */
    public boolean bounded() {
        return Double.isFinite(lowPerHour) && Double.isFinite(highPerHour);
    }

    /** Whether the interval lies wholly above or below zero: the sides' capacities differ. */
    public boolean excludesZero() {
        return lowPerHour > 0 || highPerHour < 0;
    }
}
