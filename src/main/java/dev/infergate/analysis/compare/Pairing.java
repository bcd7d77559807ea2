package dev.infergate.analysis.compare;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which baseline request matches which candidate request, repeat by repeat, when the design is paired: an
 * {@code accept} plan gives both sides the same prompts, lengths and arrival offsets per repeat, under the
 * same request ids. Then the bootstrap draws the same request ids on both sides
 * ({@link Resample#drawPaired}), so a long prompt drawn for the baseline is drawn for the candidate too and
 * the delta's interval no longer carries the spread between requests that both sides share.
 *
 * <p>Paired only when both sides have the same number of repeats and every repeat holds exactly the same
 * request ids on both sides (failures included: a failed request is a record too); anything else (two runs
 * launched separately with different lengths, agent sessions) falls back to the unpaired bootstrap.
 *
 * @param baseline  per repeat, the baseline's index of the k-th matched request
 * @param candidate per repeat, the candidate's index of the same request
 */
record Pairing(int[][] baseline, int[][] candidate) {
    /** The pairing of two samples, or null when their design is not paired. */
    static Pairing of(Sample base, Sample cand) {
        List<RepeatSample> b = base.repeats();
        List<RepeatSample> c = cand.repeats();
        if (b.size() != c.size() || base.sessions() > 0 || cand.sessions() > 0) {
            return null;
        }
        int[][] bi = new int[b.size()][];
        int[][] ci = new int[b.size()][];
        for (int r = 0; r < b.size(); r++) {
            RepeatSample x = b.get(r);
            RepeatSample y = c.get(r);
            if (x.size() != y.size() || x.size() == 0 || x.imported() || y.imported()) { // an import is a fixed side
                return null;
            }
            Map<Long, Integer> byId = new HashMap<>();
            for (int i = 0; i < y.size(); i++) {
                if (byId.put(y.id(i), i) != null) {
                    return null;
                }
            }
            bi[r] = new int[x.size()];
            ci[r] = new int[x.size()];
            for (int i = 0; i < x.size(); i++) {
                Integer j = byId.remove(x.id(i));
                if (j == null) {
                    return null;
                }
                bi[r][i] = i;
                ci[r][i] = j;
            }
        }
        return new Pairing(bi, ci);
    }

    /** Whether {@code base} and {@code cand} can be compared request by request. */
    static boolean paired(Sample base, Sample cand) {
        return of(base, cand) != null;
    }
}
