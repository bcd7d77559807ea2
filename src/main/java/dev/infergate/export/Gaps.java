package dev.infergate.export;

import dev.infergate.record.ItlCodec;
import dev.infergate.record.RequestRecord;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A request's inter-token gaps as plain numbers, for tools that cannot read the HdrHistogram in
 * {@code itl_us_hdr}.
 *
 * <p>Two sources, best first: a request that kept its event arrival times ({@code event_offsets_ns},
 * {@code run --record-events N}) gives every gap exactly and in arrival order; any other request gives the
 * gaps its histogram holds, each to 3 significant digits and <b>ordered by size, not by arrival</b> (the
 * histogram keeps how many gaps of each length, not when). {@link #exact} says which it was.
 */
public final class Gaps {
    private Gaps() {}

    /** Whether {@link #millis} of {@code r} is exact and in arrival order. */
    public static boolean exact(RequestRecord r) {
        return r.events().eventOffsetsNanos() != null;
    }

    /** The request's gaps in milliseconds; empty when it had fewer than two output events. */
    public static double[] millis(RequestRecord r) {
        long[] offsets = r.events().eventOffsetsNanos();
        if (offsets != null) {
            double[] gaps = new double[Math.max(0, offsets.length - 1)];
            for (int i = 1; i < offsets.length; i++) {
                gaps[i - 1] = (offsets[i] - offsets[i - 1]) / 1e6;
            }
            return gaps;
        }
        Histogram h = ItlCodec.decodeOrNull(r.events().itlHistogram());
        if (h == null) {
            return new double[0];
        }
        double[] gaps = new double[(int) h.getTotalCount()];
        int n = 0;
        for (HistogramIterationValue v : h.recordedValues()) {
            double ms = h.medianEquivalentValue(v.getValueIteratedTo()) / 1e3; // µs -> ms
            for (long c = 0; c < v.getCountAtValueIteratedTo(); c++) {
                gaps[n++] = ms;
            }
        }
        return gaps;
    }
}
