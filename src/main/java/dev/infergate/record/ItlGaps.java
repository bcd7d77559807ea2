package dev.infergate.record;

import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.HdrHistogram.Histogram;

/**
 * One request's ITL gaps as (value, count) pairs, read straight from its record's {@code itl_us_hdr} (microseconds).
 *
 * <p>Why not {@link ItlCodec#decode}: a decoded {@link Histogram} has a counts array as long as its range (about
 * 10,000 slots for gaps up to half a second), which decoding zeroes and scans and merging walks again, for a
 * request's 20 gaps; on a 1,000,000-request run that was nine tenths of {@code summarize}. The encoding stores runs
 * of empty slots as one number, so reading the pairs costs what the gaps do. Each pair's value is the lowest value
 * of its HdrHistogram slot, so recording the pairs into any histogram of the same precision gives exactly the counts
 * that merging the decoded histogram would. Encodings this reader does not know (another cookie, a shifted index)
 * go through {@link ItlCodec#decode} instead, to the same pairs.
 *
 * <p>Reusable and not thread-safe: {@link #read} overwrites the previous request's pairs.
 */
public final class ItlGaps {
    private static final int COMPRESSED_COOKIE = 0x1c849314; // V2, compressed, LEB128 + ZigZag words
    private static final int COOKIE = 0x1c849313;
    private static final int HEADER_BYTES = 40;

    private final Inflater inflater = new Inflater();
    private byte[] inflated = new byte[256];
    private long[] values = new long[32];
    private long[] counts = new long[32];
    private int size;
    private long totalCount;

    /** Number of distinct slots with gaps. */
    public int size() {
        return size;
    }

    /** The lowest value (µs) of pair {@code i}'s slot. */
    public long valueAt(int i) {
        return values[i];
    }

    /** How many gaps fell into pair {@code i}'s slot. */
    public long countAt(int i) {
        return counts[i];
    }

    /** All gaps. */
    public long totalCount() {
        return totalCount;
    }

    /** Gaps below {@code micros} (as HdrHistogram's {@code getCountBetweenValues(0, micros - 1)} counts them). */
    public long countBelow(long micros) {
        long n = 0;
        for (int i = 0; i < size; i++) {
            if (values[i] <= micros - 1) {
                n += counts[i];
            }
        }
        return n;
    }

    /** These gaps as a histogram with ITL's usual range and precision (allocates: for the rare question that needs one). */
    public Histogram toHistogram() {
        Histogram h = ItlCodec.newHistogram();
        for (int i = 0; i < size; i++) {
            h.recordValueWithCount(values[i], counts[i]);
        }
        return h;
    }

    /**
     * Reads {@code base64} (a record's {@code itl_us_hdr}) into this; false for null (a record without gaps), when
     * this then holds none.
     *
     * @throws IllegalArgumentException when the encoding is corrupt
     */
    public boolean read(String base64) {
        size = 0;
        totalCount = 0;
        if (base64 == null) {
            return false;
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("itl histogram is corrupt: " + e.getMessage(), e);
        }
        if (!readFast(bytes)) {
            size = 0;
            totalCount = 0;
            readSlow(base64);
        }
        return true;
    }

    /** The fast path; false when the encoding is not one it knows (then {@link #read} decodes the histogram). */
    boolean readFast(byte[] bytes) {
        if (bytes.length < 8 || intAt(bytes, 0) != COMPRESSED_COOKIE) {
            return false;
        }
        int compressed = intAt(bytes, 4);
        if (compressed < 0 || compressed > bytes.length - 8) {
            return false;
        }
        int length = inflate(bytes, compressed);
        if (length < HEADER_BYTES || intAt(inflated, 0) != COOKIE || intAt(inflated, 8) != 0) {
            return false; // another format, or a histogram shifted by a normalizing index offset
        }
        int payload = intAt(inflated, 4);
        int digits = intAt(inflated, 12);
        long lowest = longAt(inflated, 16);
        if (payload < 0 || payload > length - HEADER_BYTES || digits < 0 || digits > 5 || lowest < 1) {
            return false;
        }
        return readPairs(HEADER_BYTES, HEADER_BYTES + payload, digits, lowest);
    }

    private int inflate(byte[] bytes, int compressed) {
        inflater.reset();
        inflater.setInput(bytes, 8, compressed);
        int length = 0;
        try {
            while (!inflater.finished()) {
                if (length == inflated.length) {
                    inflated = Arrays.copyOf(inflated, inflated.length * 2);
                }
                int n = inflater.inflate(inflated, length, inflated.length - length);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    return -1;
                }
                length += n;
            }
        } catch (DataFormatException e) {
            return -1;
        }
        return length;
    }

    /** The counts, one ZigZag LEB128 word each, a negative word being a run of that many empty slots. */
    private boolean readPairs(int from, int to, int digits, long lowest) {
        int subBucketHalfCountMagnitude = Math.max(1, 64 - Long.numberOfLeadingZeros(2 * (long) Math.pow(10, digits) - 1)) - 1;
        int unitMagnitude = 63 - Long.numberOfLeadingZeros(lowest);
        int pos = from;
        long index = 0;
        while (pos < to) {
            long raw = 0;
            int shift = 0;
            int b;
            do {
                if (pos >= to) {
                    return false;
                }
                b = inflated[pos++] & 0xff;
                raw |= shift == 56 ? (long) b << 56 : (long) (b & 0x7f) << shift;
                shift += 7;
            } while (shift <= 56 && (b & 0x80) != 0 && shift != 63);
            long word = (raw >>> 1) ^ -(raw & 1);
            if (word < 0) {
                index -= word;
            } else {
                if (word > 0) {
                    add(valueFromIndex(index, subBucketHalfCountMagnitude, unitMagnitude), word);
                }
                index++;
            }
            if (index > Integer.MAX_VALUE) {
                return false;
            }
        }
        return true;
    }

    static long valueFromIndex(long index, int subBucketHalfCountMagnitude, int unitMagnitude) {
        long subBucketHalfCount = 1L << subBucketHalfCountMagnitude;
        long bucketIndex = (index >> subBucketHalfCountMagnitude) - 1;
        long subBucketIndex = (index & (subBucketHalfCount - 1)) + subBucketHalfCount;
        if (bucketIndex < 0) {
            subBucketIndex -= subBucketHalfCount;
            bucketIndex = 0;
        }
        return subBucketIndex << (bucketIndex + unitMagnitude);
    }

    private void readSlow(String base64) {
        Histogram h = ItlCodec.decode(base64);
        long remaining = h.getTotalCount();
        for (var v : h.recordedValues()) {
            add(h.lowestEquivalentValue(v.getValueIteratedTo()), v.getCountAtValueIteratedTo());
            remaining -= v.getCountAtValueIteratedTo();
            if (remaining <= 0) {
                break;
            }
        }
    }

    private void add(long value, long count) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
            counts = Arrays.copyOf(counts, size * 2);
        }
        values[size] = value;
        counts[size] = count;
        size++;
        totalCount += count;
    }

    private static int intAt(byte[] b, int i) {
        return (b[i] & 0xff) << 24 | (b[i + 1] & 0xff) << 16 | (b[i + 2] & 0xff) << 8 | (b[i + 3] & 0xff);
    }

    private static long longAt(byte[] b, int i) {
        return (long) intAt(b, i) << 32 | (intAt(b, i + 4) & 0xffffffffL);
    }
}
