package dev.infergate.record;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * Stores a request's inter-token gaps compactly in its record: a compressed HdrHistogram in base64.
 *
 * <p>Why not the raw gaps: a 1,000-token answer has 999 gaps, and a 100,000-request run would write
 * hundreds of megabytes. The histogram keeps every gap to 3 significant digits (better than 1 µs below
 * 1 ms) and merges without loss into run-wide ITL percentiles. Units: <b>microseconds</b>.
 *
 * <p>Each request's histogram covers only up to its own longest gap (the range is in the encoding), so
 * reading a record back allocates a counts array fit for that gap: a request with gaps under 100 ms decodes
 * into about 64 KB instead of the 188 KB a histogram up to an hour takes, and summarizing a 100,000-request
 * run spends its time on the figures, not on zeroing memory. Records written with the full range still
 * decode, to the same values.
 *
 * <p>Not thread-safe: keep one instance per thread (the encoder reuses its histograms and buffer).
 */
public final class ItlCodec {
    /** One hour in microseconds: no realistic gap is longer; longer ones are clamped and still counted. */
    public static final long HIGHEST_TRACKABLE_MICROS = 3_600_000_000L;
    public static final int SIGNIFICANT_DIGITS = 3;

    private ByteBuffer buffer = ByteBuffer.allocate(4096);
    private final ItlEncoder direct = new ItlEncoder();
    /** Reusable histograms by range: index b covers gaps up to 2^b µs (so the writer allocates none per record). */
    private final Histogram[] scratchByRange = new Histogram[64];

    /** A histogram with the range and precision every ITL histogram in infergate uses. */
    public static Histogram newHistogram() {
        return new Histogram(1, HIGHEST_TRACKABLE_MICROS, SIGNIFICANT_DIGITS);
    }

    /**
     * Encodes {@code count} gaps (microseconds) from {@code gapsMicros}; returns null when there are none.
     * Gaps below 1 µs are recorded as 1 µs; gaps beyond the trackable range are clamped.
     */
    public String encode(int[] gapsMicros, int count) {
        if (count == 0) {
            return null;
        }
        long longest = 1;
        for (int i = 0; i < count; i++) {
            longest = Math.max(longest, clamp(gapsMicros[i]));
        }
        // the bytes encode(Histogram) would give for a histogram up to 2^bits, written without one (ItlEncoder)
        return direct.encode(gapsMicros, count, Math.max(1, 64 - Long.numberOfLeadingZeros(longest)));
    }

    /** As {@link #encode(int[], int)}, through an HdrHistogram: the reference the direct encoder is tested against. */
    String encodeThroughHistogram(int[] gapsMicros, int count) {
        long longest = 1;
        for (int i = 0; i < count; i++) {
            longest = Math.max(longest, clamp(gapsMicros[i]));
        }
        Histogram gaps = scratchCovering(longest);
        gaps.reset();
        for (int i = 0; i < count; i++) {
            gaps.recordValue(clamp(gapsMicros[i]));
        }
        return encode(gaps);
    }

    /** Encodes a histogram of gaps in microseconds. */
    public String encode(Histogram histogram) {
        int needed = histogram.getNeededByteBufferCapacity();
        if (buffer.capacity() < needed) {
            buffer = ByteBuffer.allocate(needed);
        }
        buffer.clear();
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** {@link #decode}, or null for a record without gaps. */
    public static Histogram decodeOrNull(String base64) {
        return base64 == null ? null : decode(base64);
    }

    /** Decodes a histogram written by {@link #encode}; throws IllegalArgumentException when it is corrupt. */
    public static Histogram decode(String base64) {
        try {
            byte[] bytes = Base64.getDecoder().decode(base64);
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("itl histogram is corrupt: " + e.getMessage(), e);
        }
    }

    /** The reusable histogram whose range is the smallest power of two that covers {@code longest} (at least 2). */
    private Histogram scratchCovering(long longest) {
        int bits = Math.max(1, 64 - Long.numberOfLeadingZeros(longest));
        Histogram h = scratchByRange[bits];
        if (h == null) {
            h = new Histogram(1, 1L << bits, SIGNIFICANT_DIGITS);
            scratchByRange[bits] = h;
        }
        return h;
    }

    static long clamp(long micros) {
        return Math.max(1, Math.min(HIGHEST_TRACKABLE_MICROS, micros));
    }
}
