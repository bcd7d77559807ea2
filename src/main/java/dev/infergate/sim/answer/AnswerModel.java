package dev.infergate.sim.answer;

import dev.infergate.questions.BundledQuestions;
import dev.infergate.sim.engine.Tokenizer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The simulator's answer model: a model, not a measurement. When a prompt is a question of a bundled
 * evaluation set ({@link BundledQuestions#recognise}, from the question text alone), the simulated server
 * answers it correctly with probability {@code accuracy} and otherwise gives a plausible wrong answer (a
 * number off by 1, 2 or 10; another option letter). Every other prompt gets the usual generated words.
 *
 * <p>Whether an item is answered correctly is decided by a uniform draw {@code u} from the server seed and
 * the question text — not the profile — and the answer is correct when {@code u < accuracy}. So two
 * profiles run with the same server seed share their hard items: a profile with a lower accuracy is wrong
 * on a superset of the items the better one gets wrong, and their wrong answers are identical. That mimics
 * a numerics change that flips a few answers of the same model, and makes the accuracy gap show as
 * discordant pairs in one direction. The wording ("42" or "The answer is 42.") is drawn per item too.
 */
public final class AnswerModel {
    private static final long[] OFFSETS = {1, -1, 2, -2, 10, -10};

    private final double accuracy;
    private final long serverSeed;

    /**
     * @param accuracy   probability of a correct answer per item, in [0, 1]
     * @param serverSeed the server's {@code --seed}
     */
    public AnswerModel(double accuracy, long serverSeed) {
        if (!(accuracy >= 0 && accuracy <= 1)) {
            throw new IllegalArgumentException("answer_accuracy (" + accuracy + ") must be between 0 and 1");
        }
        this.accuracy = accuracy;
        this.serverSeed = serverSeed;
    }

    /** The answer text for a bundled eval question, or empty for any other prompt (or a null one). */
    public Optional<String> answer(String promptText) {
        return BundledQuestions.recognise(promptText).map(s -> render(s, promptText));
    }

    private String render(BundledQuestions.Solution solution, String promptText) {
        long h = hash(promptText.strip());
        double u = (Tokenizer.mix(serverSeed ^ h) >>> 11) * 0x1.0p-53;
        long style = Tokenizer.mix(h ^ 0x57A7E5L);
        String answer = u < accuracy ? solution.answer() : wrong(solution, style);
        return (style & 1) == 0 ? answer : "The answer is " + answer + ".";
    }

    private static String wrong(BundledQuestions.Solution solution, long draw) {
        if (solution.choiceLetters() != null) {
            String others = solution.choiceLetters().replace(solution.answer(), "");
            return String.valueOf(others.charAt((int) Long.remainderUnsigned(draw >>> 8, others.length())));
        }
        long right = Long.parseLong(solution.answer());
        return Long.toString(right + OFFSETS[(int) Long.remainderUnsigned(draw >>> 8, OFFSETS.length)]);
    }

    /** FNV-1a, 64 bits, over the UTF-8 bytes. */
    private static long hash(String text) {
        long h = 0xcbf29ce484222325L;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }
}
