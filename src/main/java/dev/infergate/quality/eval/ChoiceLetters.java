package dev.infergate.quality.eval;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the option letter a model chose in free text, in three steps: the whole answer is a letter
 * ("B", "(b)", "B.", "B) 17"); else the letter after "answer is"/"answer:"; else the first standalone
 * capital option letter. The article "A"/"a" followed by a lowercase word is never read as a choice.
 */
final class ChoiceLetters {
    private static final Pattern BARE = Pattern.compile("^[(\\[]?([A-Za-z])[)\\].:]?$");
    private static final Pattern LEADING = Pattern.compile("^[(\\[]?([A-Z])[)\\].:]\\s");
    private static final Pattern AFTER_MARKER = Pattern.compile(
            "(?i)\\banswer\\s*(?:is\\s*:?|:|=)?\\s*(?:option\\s+|choice\\s+)?[*(\\[\"'`]*([A-Za-z])(?![A-Za-z0-9])");
    private static final Pattern STANDALONE = Pattern.compile("(?<![\\w'])([A-Z])(?![\\w'])");
    private static final Pattern ARTICLE_FOLLOWS = Pattern.compile("^\\s+[a-z]");

    private ChoiceLetters() {}

    /** The chosen letter (upper case) among {@code letters}, or null when none is found. */
    static String find(String output, String letters) {
        if (output == null) {
            return null;
        }
        String s = output.strip().replace("*", "").replace("`", "");
        Matcher bare = BARE.matcher(s);
        if (bare.matches()) {
            return inSet(bare.group(1).toUpperCase(java.util.Locale.ROOT), letters);
        }
        Matcher leading = LEADING.matcher(s);
        if (leading.find() && inSet(leading.group(1), letters) != null) {
            return leading.group(1);
        }
        Matcher marker = AFTER_MARKER.matcher(s);
        String fromMarker = null;
        while (marker.find()) {
            if (!isArticle(s, marker)) {
                fromMarker = inSet(marker.group(1).toUpperCase(java.util.Locale.ROOT), letters);
            }
        }
        if (fromMarker != null) {
            return fromMarker;
        }
        Matcher standalone = STANDALONE.matcher(s);
        while (standalone.find()) {
            if (!isArticle(s, standalone) && inSet(standalone.group(1), letters) != null) {
                return standalone.group(1);
            }
        }
        return null;
    }

    private static boolean isArticle(String s, Matcher m) {
        return m.group(1).equalsIgnoreCase("a") && ARTICLE_FOLLOWS.matcher(s.substring(m.end(1))).find();
    }

    private static String inSet(String letter, String letters) {
        return letters.contains(letter) ? letter : null;
    }
}
