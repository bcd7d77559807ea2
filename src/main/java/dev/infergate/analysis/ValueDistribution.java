package dev.infergate.analysis;

import org.HdrHistogram.DoubleHistogram;

/** A distribution of plain positive values (tokens per second, chunks), 3 significant digits, printed as they are. */
public final class ValueDistribution implements Distribution {
    private final DoubleHistogram values = new DoubleHistogram(1_000_000_000L, 3);

    ValueDistribution() {}

    /** Records {@code value}; zero, negative and non-finite values are not recorded. */
    public void recordValue(double value) {
        if (value > 0 && Double.isFinite(value)) {
            values.recordValue(value);
        }
    }

    @Override
    public long count() {
        return values.getTotalCount();
    }

    @Override
    public double valueAt(double percentile) {
        return count() == 0 ? Double.NaN : values.getValueAtPercentile(percentile);
    }

    @Override
    public double mean() {
        return values.getMean();
    }

    @Override
    public double min() {
        return values.getMinValue();
    }

    @Override
    public double max() {
        return values.getMaxValue();
    }
}
