package dev.infergate.analysis.capacity;

/**
 * The candidate's capacity minus the baseline's, in requests per hour, with an interval. Each side's capacity
 * lies in its bracket [highest rate that held the target, lowest rate that failed] (attainment falls with the
 * rate, and each decision rests on at least the minimum of measured requests); the difference then lies in
 * [candidate low - baseline high, candidate high - baseline low]. With a 5 % tolerance each bracket is at most
 * 5 % of its capacity wide, so two capacities 10 % or more apart give an interval that excludes zero.
 *
 * @param perHour     candidate capacity - baseline capacity, requests/hour (the brackets' lower ends)
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
