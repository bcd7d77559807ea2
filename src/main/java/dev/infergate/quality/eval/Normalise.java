package dev.infergate.quality.eval;

import java.math.BigDecimal;
import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Text and number normalisation shared by the scorers; every rule is listed in docs/quality.md. */
public final class Normalise {
    /** "answer is", "answer:", "final answer is" — the part after it is the answer. */
    private static final Pattern ANSWER_MARKER = Pattern.compile("(?i)\\banswer\\s*(?:is\\s*:?|:|=)\\s*");
    /**
     * A number: an optional sign (not after a word character, so "5-3" is not "-3"), an optional currency
     * sign, digits with optional thousands separators, optional decimals.
     */
    private static final Pattern NUMBER = Pattern.compile(
            "(?:(?<![\\w)])([-\u2212]))?\\s*[$\u20ac\u00a3]?\\s*(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?|\\.\\d+)");
    private static final Pattern SURROUNDING = Pattern.compile("^[\\s*_`\"'\u201c\u201d\u2018\u2019]+|[\\s*_`\"'\u201c\u201d\u2018\u2019.!?,;:]+$");

    private Normalise() {}

    /**
     * For exact matching: Unicode NFKC, lower case, whitespace runs as one space, and surrounding quotes,
     * markdown emphasis and final punctuation removed.
     */
    public static String text(String s) {
        if (s == null) {
            return "";
        }
        String t = Normalizer.normalize(s, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        String previous;
        do {
            previous = t;
            t = SURROUNDING.matcher(t).replaceAll("");
        } while (!t.equals(previous));
        return t;
    }

    /** The text after the last "answer is"/"answer:" on its line, or the whole text when there is none. */
    public static String afterAnswerMarker(String output) {
        if (output == null) {
            return "";
        }
        Matcher m = ANSWER_MARKER.matcher(output);
        int end = -1;
        while (m.find()) {
            end = m.end();
        }
        if (end < 0) {
            return output;
        }
        int nl = output.indexOf('\n', end);
        return output.substring(end, nl < 0 ? output.length() : nl);
    }

    /**
     * The number a model gave as its answer: the first number after the last answer marker when there is
     * one (what follows is often working), else the last number in the text (working comes first). Null
     * when there is no number.
     */
    public static Double answerNumber(String output) {
        if (output == null) {
            return null;
        }
        String afterMarker = afterAnswerMarker(output);
        if (afterMarker != output) {
            Double first = firstNumber(afterMarker);
            if (first != null) {
                return first;
            }
        }
        return lastNumber(output);
    }

    /** The last number in {@code s}, or null. */
    public static Double lastNumber(String s) {
        Double last = null;
        Matcher m = NUMBER.matcher(s == null ? "" : s);
        while (m.find()) {
            last = value(m);
        }
        return last;
    }

    private static Double firstNumber(String s) {
        Matcher m = NUMBER.matcher(s);
        return m.find() ? value(m) : null;
    }

    private static double value(Matcher m) {
        double v = Double.parseDouble(m.group(2).replace(",", ""));
        return m.group(1) != null ? -v : v;
    }

    /** {@code 42} for whole numbers, else the shortest plain decimal ({@code 3.5}). */
    public static String formatNumber(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
