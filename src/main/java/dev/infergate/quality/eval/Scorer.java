package dev.infergate.quality.eval;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * How a model's output is judged against an item's expected answer. Every scorer first pulls the answer
 * out of the output ({@link #extract}), so a model that says "The answer is 42." scores like one that says
 * "42"; docs/quality.md lists the rules.
 */
public sealed interface Scorer permits Scorer.Exact, Scorer.Numeric, Scorer.Regex, Scorer.Choice {

    /** The scorer's name in files and reports: {@code exact}, {@code numeric}, {@code regex}, {@code choice}. */
    String key();

    /** What this scorer reads as the answer in {@code output}, or null when it finds none. */
    String extract(String output);

    /** Whether {@code output} matches {@code expected}. */
    boolean correct(String output, String expected);

    /** Equal after {@link Normalise#text}: case, surrounding whitespace, quotes, markdown and a final period ignored. */
    record Exact() implements Scorer {
        @Override
        public String key() {
            return "exact";
        }

        @Override
        public String extract(String output) {
            String n = Normalise.text(Normalise.afterAnswerMarker(output));
            return n.isEmpty() ? null : n;
        }

        @Override
        public boolean correct(String output, String expected) {
            String got = extract(output);
            return got != null && got.equals(Normalise.text(expected));
        }
    }

    /**
     * The answer number in the output (after "answer is"/"answer:" when present, else the last number)
     * equals the expected number within {@code tolerance}. Thousands separators, currency signs, units
     * and a Unicode minus are understood: "$1,250", "240 km", "−5".
     *
     * @param tolerance the largest absolute difference still counted as equal, >= 0
     */
    record Numeric(double tolerance) implements Scorer {
        public Numeric {
            if (!(tolerance >= 0) || Double.isInfinite(tolerance)) {
                throw new IllegalArgumentException("numeric tolerance (" + tolerance + ") must be a finite number >= 0");
            }
        }

        @Override
        public String key() {
            return "numeric";
        }

        @Override
        public String extract(String output) {
            Double v = Normalise.answerNumber(output);
            return v == null ? null : Normalise.formatNumber(v);
        }

        @Override
        public boolean correct(String output, String expected) {
            Double want = Normalise.lastNumber(expected);
            Double got = Normalise.answerNumber(output);
            if (want == null) {
                throw new IllegalArgumentException("expected answer '" + expected + "' holds no number for the numeric scorer");
            }
            return got != null && Math.abs(got - want) <= tolerance + 1e-9 * Math.max(1, Math.abs(want));
        }
    }

    /** The expected answer is a regular expression (Java syntax, case-insensitive) found anywhere in the output. */
    record Regex() implements Scorer {
        @Override
        public String key() {
            return "regex";
        }

        @Override
        public String extract(String output) {
            return null;
        }

        @Override
        public boolean correct(String output, String expected) {
            return output != null && compile(expected).matcher(output).find();
        }

        /** Compiles a pattern; a bad one fails with a message naming it. */
        public static Pattern compile(String pattern) {
            try {
                return Pattern.compile(pattern, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("regex answer '" + pattern + "' is not a valid pattern: " + e.getDescription(), e);
            }
        }
    }

    /**
     * The chosen option letter equals the expected one. The letter is found by {@link ChoiceLetters}:
     * a bare letter ("B", "(B)", "B) 17"), else the letter after "answer is"/"answer:", else the last
     * standalone option letter in the text (the article "A" before a lowercase word is not a choice).
     *
     * @param letters the option letters in order, e.g. {@code ABCD}
     */
    record Choice(String letters) implements Scorer {
        public Choice {
            if (letters == null || !letters.matches("[A-Z]{2,26}")) {
                throw new IllegalArgumentException("choice letters (" + letters + ") must be 2 to 26 capital letters, e.g. ABCD");
            }
        }

        @Override
        public String key() {
            return "choice";
        }

        @Override
        public String extract(String output) {
            return ChoiceLetters.find(output, letters);
        }

        @Override
        public boolean correct(String output, String expected) {
            String got = extract(output);
            return got != null && got.equalsIgnoreCase(expected.strip());
        }
    }
}
