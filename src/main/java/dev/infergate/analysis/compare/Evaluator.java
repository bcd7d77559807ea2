package dev.infergate.analysis.compare;

import dev.infergate.analysis.Metric;
import dev.infergate.analysis.Quantiles;
import java.util.Arrays;
import java.util.List;

/**
 * Computes a list of statistics on a resample. Values of one per-request metric are gathered and sorted
 * once per resample, however many of its percentiles are asked for.
 */
final class Evaluator {
    private final List<Statistic> statistics;
    private double[] scratch = new double[0];

    Evaluator(List<Statistic> statistics) {
        this.statistics = List.copyOf(statistics);
    }

    /** Fills {@code out[i]} with statistic i on {@code r}; NaN where undefined (no values). */
    void evaluate(Sample s, Resample r, double[] out) {
        Metric gathered = null;
        int count = 0;
        boolean sorted = false;
        for (int i = 0; i < statistics.size(); i++) {
            Statistic st = statistics.get(i);
            Metric m = st.metric();
            if (!m.perRequest()) {
                out[i] = runValue(m, s, r);
                continue;
            }
            if (m != gathered) {
                count = gather(m, s, r);
                gathered = m;
                sorted = false;
            }
            if (count == 0) {
                out[i] = Double.NaN;
            } else if (st.percentile() == Statistic.MEAN) {
                out[i] = mean(scratch, count);
            } else {
                if (!sorted) {
                    Arrays.sort(scratch, 0, count);
                    sorted = true;
                }
                out[i] = Quantiles.ofSorted(scratch, count, st.percentile());
            }
        }
    }

    private int gather(Metric m, Sample s, Resample r) {
        if (scratch.length < r.size) {
            scratch = new double[r.size];
        }
        int n = 0;
        for (int i = 0; i < r.size; i++) {
            double v = s.repeats().get(r.repeatOf[i]).value(m, r.requestOf[i]);
            if (!Double.isNaN(v)) {
                scratch[n++] = v;
            }
        }
        return n;
    }

    private static double runValue(Metric m, Sample s, Resample r) {
        RepeatSample.Part part = switch (m) {
            case THROUGHPUT_OUTPUT_TOKENS -> RepeatSample.Part.OUTPUT_TOKENS;
            case THROUGHPUT_REQUESTS -> RepeatSample.Part.COMPLETED;
            case GOODPUT_REQUESTS, GOODPUT_ATTAINMENT -> RepeatSample.Part.GOOD;
            case ERROR_RATE -> RepeatSample.Part.FAILED;
            case TIMEOUT_RATE -> RepeatSample.Part.TIMED_OUT;
            case CACHE_HIT_RATE -> RepeatSample.Part.CACHE_HIT;
            case DELIVERY_NOT_INCREMENTAL -> RepeatSample.Part.NOT_INCREMENTAL;
            case DELIVERY_BUFFERED -> RepeatSample.Part.BUFFERED;
            default -> throw new IllegalArgumentException(m.key() + " is a per-request metric");
        };
        double sum = 0;
        for (int i = 0; i < r.size; i++) {
            sum += s.repeats().get(r.repeatOf[i]).part(part, r.requestOf[i]);
        }
        boolean perSecond = m == Metric.THROUGHPUT_OUTPUT_TOKENS || m == Metric.THROUGHPUT_REQUESTS
                || m == Metric.GOODPUT_REQUESTS;
        if (perSecond) {
            return r.windowSeconds <= 0 ? Double.NaN : sum / r.windowSeconds;
        }
        if (m == Metric.DELIVERY_NOT_INCREMENTAL || m == Metric.DELIVERY_BUFFERED) {
            double classified = 0; // short, failed and unstreamed answers are undetermined: out of the denominator
            for (int i = 0; i < r.size; i++) {
                classified += s.repeats().get(r.repeatOf[i]).part(RepeatSample.Part.CLASSIFIED, r.requestOf[i]);
            }
            return classified == 0 ? Double.NaN : sum / classified;
        }
        if (m == Metric.ERROR_RATE || m == Metric.TIMEOUT_RATE || m == Metric.GOODPUT_ATTAINMENT) {
            double counted = 0; // user cancellations are neither failures nor misses: out of these denominators
            for (int i = 0; i < r.size; i++) {
                counted += s.repeats().get(r.repeatOf[i]).part(RepeatSample.Part.COUNTED, r.requestOf[i]);
            }
            return counted == 0 ? Double.NaN : sum / counted;
        }
        return r.size == 0 ? Double.NaN : sum / r.size;
    }

    static double mean(double[] values, int n) {
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += values[i];
        }
        return sum / n;
    }
}
