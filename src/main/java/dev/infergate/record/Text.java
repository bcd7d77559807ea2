package dev.infergate.record;

/**
 * Text from servers and users made safe to keep: cut on code points, never inside a surrogate pair, and
 * with every lone surrogate replaced by U+FFFD, so that any such text encodes to UTF-8 without error.
 *
 * <p>Why: a server may send {@code "\ud800"} (valid JSON, not valid Unicode), and a cut at a fixed UTF-16
 * index can split an emoji in two; either leaves a lone surrogate, on which a strict UTF-8 encoder throws.
 */
public final class Text {
    /** What a lone surrogate becomes. */
    public static final char REPLACEMENT = '\uFFFD';

    private Text() {}

    /** {@code s} with every lone surrogate replaced by U+FFFD; {@code s} itself when it has none (or is null). */
    public static String wellFormed(String s) {
        if (s == null || firstLoneSurrogate(s) < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                b.append(c).append(s.charAt(++i));
            } else {
                b.append(Character.isSurrogate(c) ? REPLACEMENT : c);
            }
        }
        return b.toString();
    }

    /**
     * {@code s} cut to at most {@code maxChars} UTF-16 chars, ending in "..." when cut; the cut never falls
     * inside a surrogate pair. The result is {@link #wellFormed}. Null stays null.
     */
    public static String cut(String s, int maxChars) {
        if (maxChars < 3) {
            throw new IllegalArgumentException("maxChars (" + maxChars + ") must be >= 3");
        }
        if (s == null) {
            return null;
        }
        if (s.length() <= maxChars) {
            return wellFormed(s);
        }
        return wellFormed(prefix(s, maxChars - 3)) + "...";
    }

    /** The longest prefix of {@code s} of at most {@code maxChars} chars that does not end inside a surrogate pair. */
    public static String prefix(String s, int maxChars) {
        if (s.length() <= maxChars) {
            return s;
        }
        int end = Math.max(0, maxChars);
        if (end > 0 && Character.isHighSurrogate(s.charAt(end - 1)) && Character.isLowSurrogate(s.charAt(end))) {
            end--; // the pair would be split: leave both halves out
        }
        return s.substring(0, end);
    }

    /** Index of the first surrogate that is not part of a well-formed pair, or -1. */
    static int firstLoneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Character.isSurrogate(c)) {
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else {
                return i;
            }
        }
        return -1;
    }
}
