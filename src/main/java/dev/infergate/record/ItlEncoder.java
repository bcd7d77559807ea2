package dev.infergate.record;

import java.util.Arrays;
import java.util.Base64;
import java.util.zip.Deflater;

/**
 * Writes a request's ITL gaps in HdrHistogram's compressed V2 encoding (what {@link ItlCodec#decode} reads) straight
 * from the gaps, byte for byte what encoding a {@link org.HdrHistogram.Histogram} of range 2^bits, 1 µs and 3
 * significant digits gives, without one: that route zeroed and scanned a counts array as long as the range (about
 * 10,000 slots for gaps up to half a second) for every record, two thirds of the record writer's CPU at 2,000
 * streams. Here the gaps' slot indices are sorted and empty slots written as runs, so the cost follows the gaps.
 *
 * <p>Not thread-safe; one per writer thread.
 */
final class ItlEncoder {
    private static final int COOKIE = 0x1c849313;
    private static final int COMPRESSED_COOKIE = 0x1c849314;
    private static final int HEADER_BYTES = 40;
    /** 3 significant digits at a 1 µs unit: 2,048 sub-buckets, half of them per bucket after the first. */
    private static final int SUB_BUCKET_HALF_COUNT_MAGNITUDE = 10;
    private static final long SUB_BUCKET_MASK = (1L << (SUB_BUCKET_HALF_COUNT_MAGNITUDE + 1)) - 1;
    private static final int LEADING_ZERO_COUNT_BASE = 64 - SUB_BUCKET_HALF_COUNT_MAGNITUDE - 1;

    private final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
    private int[] indices = new int[64];
    private byte[] plain = new byte[256];
    private byte[] packed = new byte[256];
    private int length;

    /** The base64 text of {@code count} gaps (µs, already clamped to 1 .. one hour), in a histogram up to {@code 2^bits}. */
    String encode(int[] gapsMicros, int count, int bits) {
        if (indices.length < count) {
            indices = new int[Math.max(count, indices.length * 2)];
        }
        for (int i = 0; i < count; i++) {
            indices[i] = countsArrayIndex(ItlCodec.clamp(gapsMicros[i]));
        }
        Arrays.sort(indices, 0, count);
        length = 0;
        putInt(COOKIE);
        putInt(0); // the payload's length, set below
        putInt(0); // normalizing index offset
        putInt(ItlCodec.SIGNIFICANT_DIGITS);
        putLong(1); // lowest discernible value
        putLong(1L << bits); // highest trackable value
        putLong(Double.doubleToLongBits(1.0)); // integer-to-double ratio
        writeCounts(count);
        int payload = length - HEADER_BYTES;
        setInt(4, payload);
        return Base64.getEncoder().encodeToString(compress());
    }

    /** Counts slot by slot from 0 to the last gap's slot; a run of two or more empty slots is one negative word. */
    private void writeCounts(int count) {
        int next = 0;
        int i = 0;
        while (i < count) {
            int index = indices[i];
            int run = 1;
            while (i + run < count && indices[i + run] == index) {
                run++;
            }
            int zeros = index - next;
            if (zeros == 1) {
                putZigZag(0);
            } else if (zeros > 1) {
                putZigZag(-zeros);
            }
            putZigZag(run);
            next = index + 1;
            i += run;
        }
    }

    private byte[] compress() {
        deflater.reset();
        deflater.setInput(plain, 0, length);
        deflater.finish();
        int n = 8;
        while (!deflater.finished()) {
            if (n == packed.length) {
                packed = Arrays.copyOf(packed, packed.length * 2);
            }
            n += deflater.deflate(packed, n, packed.length - n);
        }
        byte[] out = Arrays.copyOf(packed, n);
        writeInt(out, 0, COMPRESSED_COOKIE);
        writeInt(out, 4, n - 8);
        return out;
    }

    static int countsArrayIndex(long value) {
        int bucketIndex = LEADING_ZERO_COUNT_BASE - Long.numberOfLeadingZeros(value | SUB_BUCKET_MASK);
        int subBucketIndex = (int) (value >>> bucketIndex);
        return ((bucketIndex + 1) << SUB_BUCKET_HALF_COUNT_MAGNITUDE) + (subBucketIndex - (1 << SUB_BUCKET_HALF_COUNT_MAGNITUDE));
    }

    private void putZigZag(long value) {
        long v = (value << 1) ^ (value >> 63);
        for (int k = 0; k < 8; k++) {
            if ((v >>> 7) == 0) {
                put((byte) v);
                return;
            }
            put((byte) ((v & 0x7f) | 0x80));
            v >>>= 7;
        }
        put((byte) v);
    }

    private void putInt(int v) {
        ensure(4);
        writeInt(plain, length, v);
        length += 4;
    }

    private void putLong(long v) {
        putInt((int) (v >>> 32));
        putInt((int) v);
    }

    private void setInt(int at, int v) {
        writeInt(plain, at, v);
    }

    private void put(byte b) {
        ensure(1);
        plain[length++] = b;
    }

    private void ensure(int more) {
        if (length + more > plain.length) {
            plain = Arrays.copyOf(plain, Math.max(length + more, plain.length * 2));
        }
    }

    private static void writeInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }
}
