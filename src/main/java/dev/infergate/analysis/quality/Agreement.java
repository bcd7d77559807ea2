package dev.infergate.analysis.quality;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How alike two sides' greedy outputs are on the same items, independent of whether they are right.
 * With temperature 0 the same model on an exact engine answers identically; a numerics change (FP8 KV
 * cache, new kernel, quantisation) shows first as outputs that drift apart, often before accuracy moves.
 */
public final class Agreement {
    private Agreement() {}

    /**
     * The mean per-token divergence of two outputs' top log-probabilities over their shared prefix (the
     * positions before the first differing token, where both models saw the same context). At each position
     * it is the total variation distance ½·Σ|p₁(t) − p₂(t)| over the union of both top-k lists, a token
     * missing from one list counting as probability 0 there. 0 means identical distributions; the top-k
     * truncation makes it a lower bound of the full distance. Null when either side has no log-probs, the
     * first tokens differ, or no position has top log-probs.
     */
    public static Double meanTopLogprobDivergence(List<TokenLogprob> first, List<TokenLogprob> second) {
        if (first == null || second == null) {
            return null;
        }
        double sum = 0;
        int positions = 0;
        for (int i = 0; i < Math.min(first.size(), second.size()); i++) {
            TokenLogprob a = first.get(i);
            TokenLogprob b = second.get(i);
            if (!a.token().equals(b.token())) {
                break;
            }
            if (a.top().isEmpty() || b.top().isEmpty()) {
                continue;
            }
            sum += totalVariation(a, b);
            positions++;
        }
        return positions == 0 ? null : sum / positions;
    }

    static double totalVariation(TokenLogprob a, TokenLogprob b) {
        Set<String> tokens = new HashSet<>(a.top().keySet());
        tokens.addAll(b.top().keySet());
        double d = 0;
        for (String t : tokens) {
            d += Math.abs(probability(a, t) - probability(b, t));
        }
        return Math.min(1, d / 2);
    }

    private static double probability(TokenLogprob at, String token) {
        Double lp = at.top().get(token);
        return lp == null ? 0 : Math.exp(lp);
    }
}
