package dev.infergate.analysis.burst;

import dev.infergate.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * Second-by-second behaviour of a run, built from its records alone: the arrival rate really offered,
 * the concurrency really reached, how long requests waited in the client, and how many failed. Seconds
 * count from the run's origin (the schedule's start), warm-up included, so a burst shows where it was.
 */
public final class BurstTimeline {
    /**
     * One second of the run.
     *
     * @param second         seconds since the origin
     * @param arrivals       requests scheduled in this second (the real arrival rate, req/s)
     * @param maxInFlight    most requests between sent and done at once during this second
     * @param meanQueueWaitMs mean client queue wait of the requests scheduled in this second (0 when none)
     * @param maxQueueWaitMs longest client queue wait of the requests scheduled in this second
     * @param failures       requests that ended in failure during this second
     * @param completed      requests that ended successfully during this second
     */
    public record Second(int second, int arrivals, int maxInFlight, double meanQueueWaitMs, double maxQueueWaitMs,
            int failures, int completed) {}

    private BurstTimeline() {}

    /** The timeline of {@code records}, one row per second up to the last event. */
    public static List<Second> of(List<RequestRecord> records) {
        long endNanos = 0;
        for (RequestRecord r : records) {
            endNanos = Math.max(endNanos, Math.max(r.marks().doneNanos(), r.marks().scheduledNanos()));
        }
        int seconds = (int) (endNanos / 1_000_000_000L) + 1;
        int[] arrivals = new int[seconds];
        double[] waitSum = new double[seconds];
        double[] waitMax = new double[seconds];
        int[] failures = new int[seconds];
        int[] completed = new int[seconds];
        List<long[]> events = new ArrayList<>();
        for (RequestRecord r : records) {
            int s = second(r.marks().scheduledNanos());
            arrivals[s]++;
            if (r.marks().sentNanos() != RequestRecord.ABSENT) {
                double w = Math.max(0, r.queueWaitNanos()) / 1e6;
                waitSum[s] += w;
                waitMax[s] = Math.max(waitMax[s], w);
                events.add(new long[] {r.marks().sentNanos(), +1});
                events.add(new long[] {Math.max(r.marks().sentNanos(), r.marks().doneNanos()), -1});
            }
            if (r.marks().doneNanos() != RequestRecord.ABSENT && !r.cancelled()) { // a user's stop is neither
                (r.succeeded() ? completed : failures)[second(r.marks().doneNanos())]++;
            }
        }
        int[] maxInFlight = inFlight(events, seconds);
        List<Second> out = new ArrayList<>(seconds);
        for (int s = 0; s < seconds; s++) {
            out.add(new Second(s, arrivals[s], maxInFlight[s], arrivals[s] == 0 ? 0 : round(waitSum[s] / arrivals[s]),
                    round(waitMax[s]), failures[s], completed[s]));
        }
        return out;
    }

    /** Sweeps sent (+1) and done (-1) marks in time order; ends sort before starts at the same instant. */
    private static int[] inFlight(List<long[]> events, int seconds) {
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int[] max = new int[seconds];
        int current = 0;
        int lastSecond = 0;
        for (long[] e : events) {
            int s = Math.min(seconds - 1, second(e[0]));
            for (int t = lastSecond + 1; t <= s; t++) {
                max[t] = Math.max(max[t], current);
            }
            lastSecond = Math.max(lastSecond, s);
            current += (int) e[1];
            max[s] = Math.max(max[s], current);
        }
        return max;
    }

    private static int second(long nanos) {
        return (int) (Math.max(0, nanos) / 1_000_000_000L);
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
