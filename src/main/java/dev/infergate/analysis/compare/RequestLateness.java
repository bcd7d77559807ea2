package dev.infergate.analysis.compare;

import dev.infergate.analysis.Metric;
import dev.infergate.analysis.SimulatorDelays;
import dev.infergate.record.RequestRecord;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Each request's own lateness in one repeat (docs/acceptance.md, "Late clients and simulators: bounds, not vetoes"),
 * for moving each value as far toward "better" as that request's lateness allows, rather than every value by the
 * run's worst ({@link Lateness}). A stall that hit two requests out of forty can no longer hold back a median.
 *
 * <p>The client's part of request i is the largest lag behind its schedule of any request the client started while
 * i was in flight (from i's scheduled time to its end, i's own included): a client whose event loop was that late to
 * write was, as far as the marks can tell, as late to read i's events. The simulator's part is what infergate's
 * simulator says about request i itself ({@link SimulatorDelays}: its stalls while i was in the engine and how late
 * i's tokens left), at the first token for TTFT-like figures and at the end for the rest; for a request it has no
 * word on, the run-wide simulator bound ({@link Lateness#simulatorMs()}). Another server: 0.
 *
 * @param clientMs    the client's part per request, ms
 * @param simFirstMs  the simulator's delay at each request's first token, ms; NaN when unknown
 * @param simEndMs    the simulator's delay at each request's end, ms; NaN when unknown
 * @param tpotGaps    output tokens - 1 per request (TPOT's denominator), at least 1
 * @param itlGaps     output events - 1 per request (the mean ITL's denominator), at least 1
 */
record RequestLateness(double[] clientMs, double[] simFirstMs, double[] simEndMs, long[] tpotGaps, long[] itlGaps) {

    /** How much of each request's lateness to take off its values. */
    enum Take {
        /**
         * The most it can have added: the client's part and the simulator's word (the run-wide simulator bound where
         * it has none). What the side a verdict goes against is moved by (a fail: the candidate).
         */
        MOST,
        /**
         * The least it surely added: the simulator's own word on the request, nothing where it has none (the
         * client's part is a proxy, not a measurement of this request). What the other side is moved by.
         */
        LEAST
    }

    /** The client's part of each of {@code measured}, in their order, with the simulator's unknown. */
    static RequestLateness ofClient(List<RequestRecord> measured) {
        int n = measured.size();
        Integer[] bySchedule = new Integer[n];
        for (int i = 0; i < n; i++) {
            bySchedule[i] = i;
        }
        Arrays.sort(bySchedule, Comparator.comparingLong(i -> measured.get(i).marks().scheduledNanos()));
        long[] scheduled = new long[n];
        long[] lag = new long[n];
        for (int k = 0; k < n; k++) {
            RequestRecord r = measured.get(bySchedule[k]);
            scheduled[k] = r.marks().scheduledNanos();
            lag[k] = r.clientLagNanos() == RequestRecord.ABSENT ? 0 : Math.max(0, r.clientLagNanos());
        }
        RangeMax max = new RangeMax(lag);
        double[] client = new double[n];
        long[] tpotGaps = new long[n];
        long[] itlGaps = new long[n];
        for (int k = 0; k < n; k++) {
            int i = bySchedule[k];
            RequestRecord r = measured.get(i);
            long end = Math.max(r.marks().doneNanos(), r.marks().scheduledNanos());
            int last = lastAtOrBefore(scheduled, end);
            client[i] = max.of(k, Math.max(k, last)) / 1e6;
            tpotGaps[i] = Math.max(1, r.tokens().output() - 1);
            itlGaps[i] = Math.max(1, r.events().chunks() - 1);
        }
        double[] unknown = new double[n];
        Arrays.fill(unknown, Double.NaN);
        return new RequestLateness(client, unknown, unknown.clone(), tpotGaps, itlGaps);
    }

    /** The last index whose value is at most {@code v} in the sorted {@code a}; -1 when none. */
    private static int lastAtOrBefore(long[] a, long v) {
        int lo = 0;
        int hi = a.length - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] <= v) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /** This, with the simulator's word on each request (by {@code ids}, in the same order) filled in where it has one. */
    RequestLateness servedWith(SimulatorDelays delays, long[] ids) {
        double[] first = simFirstMs.clone();
        double[] end = simEndMs.clone();
        for (int i = 0; i < ids.length; i++) {
            first[i] = delays.firstTokenMs(ids[i]);
            end[i] = delays.endMs(ids[i]);
        }
        return new RequestLateness(clientMs, first, end, tpotGaps, itlGaps);
    }

    /** Whether {@code m} has a per-request bound here: the per-request latencies (others keep the run-wide one). */
    static boolean bounds(Metric m) {
        return switch (m) {
            case TTFT, TTFT_FROM_SCHEDULED, TIME_TO_FIRST_ANSWER, E2E, E2E_FROM_SCHEDULED, TPOT, ITL_MEAN_PER_REQUEST,
                    QUEUE_WAIT -> true;
            default -> false;
        };
    }

    /**
     * {@code values} of {@code m} with {@code take} of each request's own lateness taken off (never below 0), NaN
     * kept; {@code runWideSimulatorMs} stands in for the most of a request the simulator said nothing about.
     */
    double[] moved(Metric m, double[] values, double runWideSimulatorMs, Take take) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            out[i] = Double.isNaN(v) ? v : Math.max(0, v - lateMs(m, i, runWideSimulatorMs, take));
        }
        return out;
    }

    /** The most request {@code i}'s lateness can have added to its value of {@code m}, ms. */
    double lateMs(Metric m, int i, double runWideSimulatorMs) {
        return lateMs(m, i, runWideSimulatorMs, Take.MOST);
    }

    /** {@code take} of what request {@code i}'s lateness added to its value of {@code m}, ms. */
    double lateMs(Metric m, int i, double runWideSimulatorMs, Take take) {
        boolean first = m == Metric.TTFT || m == Metric.TTFT_FROM_SCHEDULED || m == Metric.TIME_TO_FIRST_ANSWER;
        double sim = m == Metric.QUEUE_WAIT ? 0 : first ? simFirstMs[i] : simEndMs[i];
        double total = take == Take.LEAST ? (Double.isNaN(sim) ? 0 : sim)
                : clientMs[i] + (Double.isNaN(sim) ? runWideSimulatorMs : sim);
        return switch (m) {
            case TPOT -> total / tpotGaps[i];
            case ITL_MEAN_PER_REQUEST -> total / itlGaps[i];
            default -> total;
        };
    }

    /** The largest of any range of a fixed array, in O(1) after O(n log n) (a sparse table). */
    private static final class RangeMax {
        private final long[][] table;

        RangeMax(long[] a) {
            int levels = 1;
            while ((1 << levels) <= a.length) {
                levels++;
            }
            table = new long[levels][];
            table[0] = a.clone();
            for (int j = 1; j < levels; j++) {
                int len = a.length - (1 << j) + 1;
                table[j] = new long[Math.max(0, len)];
                for (int i = 0; i < len; i++) {
                    table[j][i] = Math.max(table[j - 1][i], table[j - 1][i + (1 << (j - 1))]);
                }
            }
        }

        /** The largest value from index {@code from} to {@code to}, both included ({@code from <= to}). */
        long of(int from, int to) {
            int j = 31 - Integer.numberOfLeadingZeros(to - from + 1);
            return Math.max(table[j][from], table[j][to - (1 << j) + 1]);
        }
    }
}
