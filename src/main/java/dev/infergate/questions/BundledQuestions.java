package dev.infergate.questions;

import java.util.List;
import java.util.Optional;

/**
 * The bundled question sets as text: their templates render questions from drawn numbers (the quality
 * package's {@code BundledEval} builds its items with them) and read a rendered question back, so its answer
 * follows from the text alone (the simulator's answer model). Neutral ground between the two: quality and sim
 * both read this package, neither reads the other.
 */
public final class BundledQuestions {
    /** The bundled sets, by their questions' form. */
    public enum Set {
        /** Three-digit sums and differences, two-digit products; numeric answers. */
        ARITHMETIC,
        /** Templated one- and two-step word problems; numeric answers. */
        WORD_PROBLEMS,
        /** Four options, one of which is prime / divisible by 7 / the largest; letter answers. */
        MULTIPLE_CHOICE
    }

    /**
     * The answer to a bundled question, re-derived from its text.
     *
     * @param set           the set the question belongs to
     * @param answer        the number, or the option letter
     * @param choiceLetters the option letters of a multiple-choice question ({@link MultipleChoice#LETTERS}),
     *                      or null for a numeric one
     */
    public record Solution(Set set, String answer, String choiceLetters) {}

    /** Bundled questions are short; longer text is not looked at (keeps the simulator's per-request cost flat). */
    private static final int MAX_QUESTION_CHARS = 1000;

    private BundledQuestions() {}

    /** The templates of a numeric set. */
    public static List<Template> templates(Set set) {
        return switch (set) {
            case ARITHMETIC -> ArithmeticAndWords.ARITHMETIC;
            case WORD_PROBLEMS -> ArithmeticAndWords.WORD_PROBLEMS;
            case MULTIPLE_CHOICE -> throw new IllegalArgumentException("multiple choice has no templates: see MultipleChoice");
        };
    }

    /** Recognises a question of any bundled set from its text and solves it; empty for any other text (or null). */
    public static Optional<Solution> recognise(String question) {
        if (question == null || question.length() > MAX_QUESTION_CHARS) {
            return Optional.empty();
        }
        for (Set set : List.of(Set.ARITHMETIC, Set.WORD_PROBLEMS)) {
            for (Template t : templates(set)) {
                Long answer = t.solve(question);
                if (answer != null) {
                    return Optional.of(new Solution(set, Long.toString(answer), null));
                }
            }
        }
        String letter = MultipleChoice.solve(question);
        return letter == null ? Optional.empty()
                : Optional.of(new Solution(Set.MULTIPLE_CHOICE, letter, MultipleChoice.LETTERS));
    }
}
