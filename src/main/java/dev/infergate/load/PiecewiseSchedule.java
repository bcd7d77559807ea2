package dev.infergate.load;

import dev.infergate.record.LoadDescription;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;

/**
 * Segments played one after another, for step and burst scenarios: e.g. 60 s at the typical rate, 20 s at
 * five times that, 60 s back at the typical rate. Offsets and request ids continue across segments; the
 * schedule ends with its last segment.
 *
 * <p>Each segment is its own renewal process: its first arrival is due at the segment's start and the
 * following ones a drawn gap apart, while they fall before the segment's end. A constant segment of
 * duration d at rate r therefore holds exactly {@code ceil(d * r)} arrivals, and a segment boundary is
 * visible in the data as an arrival. Each segment draws from its own stream (seed, segment index), so
 * changing one segment does not move the arrivals of another.
 *
 * @param segments the segments in order, at least one
 * @param seed     seed of the gap draws
 */
public record PiecewiseSchedule(List<Segment> segments, long seed) implements ArrivalSchedule {

    /**
     * One stretch of steady load.
     *
     * @param duration      how long the segment lasts, {@code > 0}
     * @param ratePerSecond mean arrivals per second, {@code >= 0} (0 is an idle pause)
     * @param kind          how gaps are drawn
     * @param burstiness    gamma shape for {@link ArrivalKind#GAMMA}, {@code > 0}; ignored otherwise
     */
    public record Segment(Duration duration, double ratePerSecond, ArrivalKind kind, double burstiness) {
        public Segment {
            if (duration == null || duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException("segment duration (" + duration + ") must be > 0");
            }
            if (!(ratePerSecond >= 0) || Double.isInfinite(ratePerSecond)) {
                throw new IllegalArgumentException(
                        "segment ratePerSecond (" + ratePerSecond + ") must be >= 0 and finite");
            }
            if (kind == null) {
                throw new IllegalArgumentException("segment kind must not be null");
            }
            if (kind == ArrivalKind.GAMMA) {
                Gaps.checkShape(burstiness);
            }
        }

        /** A segment whose kind needs no burstiness (constant or Poisson; gamma gets shape 1). */
        public Segment(Duration duration, double ratePerSecond, ArrivalKind kind) {
            this(duration, ratePerSecond, kind, 1.0);
        }
    }

    public PiecewiseSchedule {
        if (segments == null || segments.isEmpty()) {
            throw new IllegalArgumentException("segments must hold at least one segment");
        }
        segments = List.copyOf(segments);
    }

    /** The schedule's total length in nanoseconds. */
    public long durationNanos() {
        return segments.stream().mapToLong(s -> s.duration().toNanos()).sum();
    }

    @Override
    public PrimitiveIterator.OfLong offsets() {
        return new PrimitiveIterator.OfLong() {
            private int index = -1;
            private long segmentStartNanos;
            private PrimitiveIterator.OfLong current = emptyIterator();

            @Override
            public boolean hasNext() {
                while (!current.hasNext() && index + 1 < segments.size()) {
                    if (index >= 0) {
                        segmentStartNanos += segments.get(index).duration().toNanos();
                    }
                    index++;
                    current = segmentOffsets(index, segmentStartNanos);
                }
                return current.hasNext();
            }

            @Override
            public long nextLong() {
                if (!hasNext()) {
                    throw new NoSuchElementException("the schedule has ended");
                }
                return current.nextLong();
            }
        };
    }

    private PrimitiveIterator.OfLong segmentOffsets(int index, long startNanos) {
        Segment segment = segments.get(index);
        if (segment.ratePerSecond() == 0) {
            return emptyIterator();
        }
        double endNanos = startNanos + (double) segment.duration().toNanos();
        if (segment.kind() == ArrivalKind.CONSTANT) {
            return RenewalIterator.constant(segment.ratePerSecond(), startNanos, endNanos);
        }
        return new RenewalIterator(
                Gaps.sampler(segment.kind(), segment.ratePerSecond(), segment.burstiness(), Gaps.rng(seed, index)),
                startNanos,
                endNanos);
    }

    private static PrimitiveIterator.OfLong emptyIterator() {
        return new RenewalIterator(() -> 0, 0, 0);
    }

    @Override
    public LoadDescription.Arrival description() {
        List<LoadDescription.Segment> described = new ArrayList<>();
        for (Segment segment : segments) {
            described.add(new LoadDescription.Segment(segment.duration().toNanos() / Gaps.NANOS_PER_SECOND,
                    segment.kind().label(), segment.ratePerSecond(),
                    segment.kind() == ArrivalKind.GAMMA ? segment.burstiness() : null));
        }
        return new LoadDescription.Piecewise("piecewise", described, seed);
    }
}
