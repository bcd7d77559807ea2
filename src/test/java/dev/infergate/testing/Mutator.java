package dev.infergate.testing;

import java.util.SplittableRandom;

/**
 * Damages a valid input the way broken files and hostile servers do, for the fuzzers: a few edits, each an
 * insertion of a structural or odd character, a deletion, a replacement, a cut, or a repeated slice. The same
 * seed gives the same damage, so jqwik can shrink and replay a failing case.
 */
public final class Mutator {
    /** Characters that matter to JSON, YAML, SSE and URLs, plus a few that nothing expects. */
    private static final String ODD = "{}[]\":,\n\r\t \\/-.#&*!|>'%@=?+0123456789eE\u0000\u00ff\u2028\ud800\ud83d\ude00";

    private Mutator() {}

    /** {@code valid} after {@code edits} random edits drawn from {@code seed}. */
    public static String mutate(String valid, long seed, int edits) {
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder s = new StringBuilder(valid);
        for (int e = 0; e < edits; e++) {
            int at = s.length() == 0 ? 0 : random.nextInt(s.length() + 1);
            switch (random.nextInt(5)) {
                case 0 -> s.insert(at, ODD.charAt(random.nextInt(ODD.length())));
                case 1 -> {
                    if (at < s.length()) {
                        s.deleteCharAt(at);
                    }
                }
                case 2 -> {
                    if (at < s.length()) {
                        s.setCharAt(at, ODD.charAt(random.nextInt(ODD.length())));
                    }
                }
                case 3 -> s.setLength(at);
                default -> {
                    int end = Math.min(s.length(), at + 1 + random.nextInt(16));
                    s.insert(at, s.substring(at, end).repeat(1 + random.nextInt(3)));
                }
            }
        }
        return s.toString();
    }
}
