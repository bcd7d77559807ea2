package dev.infergate.analysis.delivery;

/** The median of shares in [0, 1], kept in 1,001 bins (0.001 wide), so memory does not grow with the run. */
final class ShareMedian {
    private final long[] bins = new long[1001];
    private long count;

    void add(double share) {
        if (Double.isNaN(share)) {
            return;
        }
        bins[(int) Math.round(Math.max(0, Math.min(1, share)) * 1000)]++;
        count++;
    }

    long count() {
        return count;
    }

    /** The lower median, to 0.001; null when empty (JSON: absent rather than zero). */
    Double median() {
        if (count == 0) {
            return null;
        }
        long rank = (count + 1) / 2;
        long seen = 0;
        for (int i = 0; i < bins.length; i++) {
            seen += bins[i];
            if (seen >= rank) {
                return i / 1000.0;
            }
        }
        return 1.0;
    }
}
