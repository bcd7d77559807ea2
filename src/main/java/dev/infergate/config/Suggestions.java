package dev.infergate.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * "Did you mean": the accepted word nearest to a mistyped one, by edit distance (optimal string alignment: insert,
 * delete, substitute, or swap two neighbours), ignoring case. The one place every error message takes its suggestion
 * from, so options, commands, plan keys, profiles and presets suggest alike.
 */
public final class Suggestions {
    private Suggestions() {}

    /**
     * The candidate nearest to {@code typed}, if it is near enough to be the word meant: one edit in a word of up to
     * four characters, two up to eight, three beyond. Further than that a suggestion is a guess and misleads.
     * Of candidates equally near, the first in sorted order, so the answer does not depend on a set's order.
     */
    public static Optional<String> closest(String typed, Collection<String> candidates) {
        if (typed == null || typed.isEmpty()) {
            return Optional.empty();
        }
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : sorted(candidates)) {
            int d = distance(typed.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return best != null && bestDistance > 0 && bestDistance <= allowedEdits(typed) ? Optional.of(best)
                : Optional.empty();
    }

    /** {@code candidates} sorted, with the one {@link #closest} to {@code typed} (if any) moved to the front. */
    public static List<String> nearestFirst(String typed, Collection<String> candidates) {
        List<String> result = sorted(candidates);
        closest(typed, candidates).ifPresent(c -> {
            result.remove(c);
            result.add(0, c);
        });
        return result;
    }

    /** " (did you mean X?)" when a candidate is near enough, else "". */
    public static String didYouMean(String typed, Collection<String> candidates) {
        return closest(typed, candidates).map(c -> " (did you mean " + c + "?)").orElse("");
    }

    static int allowedEdits(String typed) {
        int length = typed.codePointCount(0, typed.length());
        return length <= 4 ? 1 : length <= 8 ? 2 : 3;
    }

    /** Optimal string alignment distance (restricted Damerau-Levenshtein) on UTF-16 units; words here are ASCII. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    private static List<String> sorted(Collection<String> candidates) {
        List<String> result = new ArrayList<>(candidates);
        result.sort(Comparator.naturalOrder());
        return result;
    }
}
