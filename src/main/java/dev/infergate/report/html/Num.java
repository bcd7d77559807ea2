package dev.infergate.report.html;

/** Rounding for the numbers embedded in the page: enough digits to read, few enough to keep it small. */
final class Num {
    private Num() {}

    /** {@code value} rounded to 3 decimals; null for NaN or infinity (JSON has no NaN). */
    static Double round3(double value) {
        return Double.isFinite(value) ? Math.round(value * 1e3) / 1e3 : null;
    }

    /** {@code value} rounded to 5 decimals (fractions such as a CDF's cumulative share). */
    static Double round5(double value) {
        return Double.isFinite(value) ? Math.round(value * 1e5) / 1e5 : null;
    }

    /** Nanoseconds as milliseconds, rounded to the microsecond. */
    static Double millis(long nanos) {
        return round3(nanos / 1e6);
    }
}
