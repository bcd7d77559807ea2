package dev.infergate.load;

import java.util.PrimitiveIterator;

/** Helpers for schedule tests: offsets and gaps of the first n requests, in seconds. */
final class ScheduleSamples {
    private ScheduleSamples() {}

    static long[] offsets(ArrivalSchedule schedule, int n) {
        PrimitiveIterator.OfLong it = schedule.offsets();
        long[] offsets = new long[n];
        for (int i = 0; i < n; i++) {
            offsets[i] = it.nextLong();
        }
        return offsets;
    }

    static double[] gapsSeconds(ArrivalSchedule schedule, int gaps) {
        long[] offsets = offsets(schedule, gaps + 1);
        double[] result = new double[gaps];
        for (int i = 0; i < gaps; i++) {
            result[i] = (offsets[i + 1] - offsets[i]) / 1e9;
        }
        return result;
    }

    static double mean(double[] x) {
        double sum = 0;
        for (double v : x) {
            sum += v;
        }
        return sum / x.length;
    }

    /** Coefficient of variation: sample standard deviation over mean. */
    static double cv(double[] x) {
        double mean = mean(x);
        double ss = 0;
        for (double v : x) {
            ss += (v - mean) * (v - mean);
        }
        return Math.sqrt(ss / (x.length - 1)) / mean;
    }
}
