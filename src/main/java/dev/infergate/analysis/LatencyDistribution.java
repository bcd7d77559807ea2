package dev.infergate.analysis;

import dev.infergate.record.ItlGaps;
import org.HdrHistogram.Histogram;

/**
 * A latency distribution, recorded in <b>microseconds</b> (3 significant digits, 1 µs to one hour; values
 * outside are clamped) and printed in milliseconds.
 */
public final class LatencyDistribution implements Distribution {
    private final Histogram micros = new Histogram(1, 3_600_000_000L, 3);

    LatencyDistribution() {}

    public void recordNanos(long nanos) {
        recordMicros(Math.round(nanos / 1e3));
    }

    public void recordMicros(long value) {
        micros.recordValue(Math.max(1, Math.min(micros.getHighestTrackableValue(), value)));
    }

    /** Adds every value of a histogram of microseconds (e.g. a request's ITL gaps). */
    public void addMicros(Histogram other) {
        micros.add(other);
    }

    /** Adds a request's ITL gaps (microseconds), read from its record: the same counts as adding the decoded histogram. */
    public void addMicros(ItlGaps gaps) {
        for (int i = 0; i < gaps.size(); i++) {
            micros.recordValueWithCount(gaps.valueAt(i), gaps.countAt(i));
        }
    }

    /** A copy of the histogram, in <b>microseconds</b> (for drawing the distribution, e.g. as a CDF). */
    public Histogram copyOfMicros() {
        return micros.copy();
    }

    @Override
    public long count() {
        return micros.getTotalCount();
    }

    @Override
    public double valueAt(double percentile) {
        return count() == 0 ? Double.NaN : micros.getValueAtPercentile(percentile) / 1e3;
    }

    @Override
    public double mean() {
        return micros.getMean() / 1e3;
    }

    @Override
    public double min() {
        return micros.getMinValue() / 1e3;
    }

    @Override
    public double max() {
        return micros.getMaxValue() / 1e3;
    }
}
