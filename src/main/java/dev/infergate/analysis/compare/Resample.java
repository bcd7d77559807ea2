package dev.infergate.analysis.compare;

import java.util.SplittableRandom;

/**
 * One draw of a {@link Sample}: which repeat and which request each of its slots holds. Reused between draws
 * to keep the bootstrap free of allocation.
 */
final class Resample {
    int[] repeatOf = new int[0];
    int[] requestOf = new int[0];
    int size;
    double windowSeconds;

    /** The sample itself: every request of every repeat once. */
    void identity(Sample s) {
        ensure(s.requests());
        size = 0;
        windowSeconds = 0;
        for (int r = 0; r < s.repeats().size(); r++) {
            RepeatSample rep = s.repeats().get(r);
            for (int i = 0; i < rep.size(); i++) {
                repeatOf[size] = r;
                requestOf[size++] = i;
            }
            windowSeconds += rep.windowSeconds();
        }
    }

    /**
     * A two-stage draw: as many repeats as the sample has, with replacement; then, within each drawn repeat,
     * as many requests as it holds, with replacement.
     */
    void draw(Sample s, SplittableRandom random) {
        int k = s.repeats().size();
        size = 0;
        windowSeconds = 0;
        for (int j = 0; j < k; j++) {
            int r = k == 1 ? 0 : random.nextInt(k);
            RepeatSample rep = s.repeats().get(r);
            ensure(size + rep.size());
            for (int i = 0; i < rep.size(); i++) {
                repeatOf[size] = r;
                requestOf[size++] = random.nextInt(rep.size());
            }
            windowSeconds += rep.windowSeconds();
        }
    }

    /**
     * A paired two-stage draw into {@code base} and {@code cand}: the same repeats on both sides, then within
     * each, the same matched requests (by request id, {@link Pairing}) on both sides, with replacement.
     */
    static void drawPaired(Sample b, Sample c, Pairing pairing, Resample base, Resample cand, SplittableRandom random) {
        int k = b.repeats().size();
        base.size = 0;
        cand.size = 0;
        base.windowSeconds = 0;
        cand.windowSeconds = 0;
        for (int j = 0; j < k; j++) {
            int r = k == 1 ? 0 : random.nextInt(k);
            int[] bi = pairing.baseline()[r];
            int[] ci = pairing.candidate()[r];
            base.ensure(base.size + bi.length);
            cand.ensure(cand.size + ci.length);
            for (int i = 0; i < bi.length; i++) {
                int t = random.nextInt(bi.length);
                base.repeatOf[base.size] = r;
                base.requestOf[base.size++] = bi[t];
                cand.repeatOf[cand.size] = r;
                cand.requestOf[cand.size++] = ci[t];
            }
            base.windowSeconds += b.repeats().get(r).windowSeconds();
            cand.windowSeconds += c.repeats().get(r).windowSeconds();
        }
    }

    private void ensure(int capacity) {
        if (repeatOf.length < capacity) {
            int n = Math.max(capacity, repeatOf.length * 2);
            repeatOf = java.util.Arrays.copyOf(repeatOf, n);
            requestOf = java.util.Arrays.copyOf(requestOf, n);
        }
    }
}
