package dev.infergate.workload.trace;

import dev.infergate.config.Durations;
import dev.infergate.workload.WorkloadException;

/**
 * The slice of a trace to replay, in the trace's own time (before {@code --time-scale}): requests that
 * arrived at {@code fromNanos <= t < toNanos}, with t counted from the trace's first line.
 *
 * @param fromNanos start of the slice, {@code >= 0}
 * @param toNanos   end of the slice (exclusive), {@code > fromNanos}; {@link Long#MAX_VALUE} for the trace's end
 */
public record TraceWindow(long fromNanos, long toNanos) {
    /** The whole trace. */
    public static final TraceWindow ALL = new TraceWindow(0, Long.MAX_VALUE);

    public TraceWindow {
        if (fromNanos < 0) {
            throw new WorkloadException("trace window start (" + fromNanos + " ns) must be >= 0");
        }
        if (toNanos <= fromNanos) {
            throw new WorkloadException("trace window end (" + toNanos + " ns) must be after its start (" + fromNanos + " ns)");
        }
    }

    /** Whether the slice reaches the trace's end. */
    public boolean open() {
        return toNanos == Long.MAX_VALUE;
    }

    /**
     * Parses {@code FROM..TO} with durations in the usual syntax, either end optional: {@code 0s..15s},
     * {@code 2m..}, {@code ..90s}.
     *
     * @throws WorkloadException naming the text and the accepted form
     */
    public static TraceWindow parse(String text) {
        String t = text == null ? "" : text.trim();
        int dots = t.indexOf("..");
        if (dots < 0) {
            throw new WorkloadException("'" + text + "' must be FROM..TO in the trace's own time, e.g. 0s..15s or 2m..");
        }
        try {
            String from = t.substring(0, dots).trim();
            String to = t.substring(dots + 2).trim();
            return new TraceWindow(from.isEmpty() ? 0 : Durations.parse(from).toNanos(),
                    to.isEmpty() ? Long.MAX_VALUE : Durations.parse(to).toNanos());
        } catch (IllegalArgumentException e) {
            throw new WorkloadException("'" + text + "': " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return fmt(fromNanos) + ".." + (open() ? "" : fmt(toNanos));
    }

    private static String fmt(long nanos) {
        return nanos == 0 ? "0s" : Durations.format(java.time.Duration.ofNanos(nanos));
    }
}
