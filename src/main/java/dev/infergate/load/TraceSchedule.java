package dev.infergate.load;

import dev.infergate.record.LoadDescription;
import dev.infergate.workload.trace.TraceEntry;
import dev.infergate.workload.trace.TraceReader;
import dev.infergate.workload.trace.TraceSpec;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;

/**
 * Arrivals at a trace's own times (docs/workloads.md, "Trace replay"): request n is due when the n-th request
 * of the window that is sent ({@link TraceSpec#keeps}) arrived, counted from the window's start and multiplied
 * by the time scale. The file is streamed line by line on every {@link #offsets()} call, never held in memory,
 * so the schedule is a pure function of the file and the spec and every shard walks the same one. The
 * schedule ends with the window. The offsets agree with {@code TraceWorkload}'s ids because both apply the
 * same spec to the same lines.
 *
 * @param trace the trace and its window, scale and context
 */
public record TraceSchedule(TraceSpec trace) implements ArrivalSchedule {

    public TraceSchedule {
        if (trace == null) {
            throw new IllegalArgumentException("trace must not be null");
        }
    }

    /** The same schedule for a server whose context is {@code tokens} (when the spec named none). */
    public TraceSchedule withMaxContext(int tokens) {
        return new TraceSchedule(trace.withMaxContext(tokens));
    }

    @Override
    public PrimitiveIterator.OfLong offsets() {
        return new PrimitiveIterator.OfLong() {
            private TraceReader reader = TraceReader.openTimesOnly(trace);
            private TraceEntry next = advance();

            private TraceEntry advance() {
                if (reader == null) {
                    return null;
                }
                for (TraceEntry e = reader.next(); e != null; e = reader.next()) {
                    if (trace.keeps(e)) {
                        return e;
                    }
                }
                reader.close();
                reader = null;
                return null;
            }

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public long nextLong() {
                if (next == null) {
                    throw new NoSuchElementException("the trace's window has ended");
                }
                long offset = trace.offsetNanos(next);
                next = advance();
                return offset;
            }
        };
    }

    @Override
    public LoadDescription.Arrival description() {
        return new LoadDescription.Trace("trace", trace.file().getFileName().toString(), trace.format().label(),
                trace.window().toString(), trace.timeScale(), trace.maxContextTokens() == 0 ? null : trace.maxContextTokens());
    }
}
