package dev.infergate.quality.eval;

import dev.infergate.questions.BundledQuestions;
import dev.infergate.questions.MultipleChoice;
import dev.infergate.questions.Template;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * The evaluation sets shipped inside infergate: generated from a seed, nothing to download, and easy
 * enough that a small model scores well above chance. Item {@code i} depends only on the seed and
 * {@code i}, so a set of 50 items is the first 50 of the set of 100 with the same seed.
 */
public enum BundledEval {
    /** Three-digit sums and differences, two-digit products; numeric answers. */
    ARITHMETIC("arithmetic", 0x41524954L),
    /** Templated one- and two-step word problems (apples, boxes, speed, change, pages); numeric answers. */
    WORD_PROBLEMS("word-problems", 0x574f5244L),
    /** Four options, one of which is prime / divisible by 7 / the largest; letter answers, fixed key. */
    MULTIPLE_CHOICE("multiple-choice", 0x43484f49L);

    /** The numeric sets need the exact integer. */
    public static final Scorer NUMERIC = new Scorer.Numeric(0);
    public static final Scorer CHOICE = new Scorer.Choice(MultipleChoice.LETTERS);

    private final String key;
    private final long salt;

    BundledEval(String key, long salt) {
        this.key = key;
        this.salt = salt;
    }

    public String key() {
        return key;
    }

    /** A bundled set by name; IllegalArgumentException listing the names when unknown. */
    public static BundledEval parse(String name) {
        for (BundledEval e : values()) {
            if (e.key.equals(name.toLowerCase(Locale.ROOT))) {
                return e;
            }
        }
        throw new IllegalArgumentException("no bundled eval set '" + name + "'; bundled: " + names() + " (or give a JSONL file)");
    }

    /** Whether {@code name} is a bundled set. */
    public static boolean isBundled(String name) {
        return Arrays.stream(values()).anyMatch(e -> e.key.equals(name));
    }

    public static String names() {
        return Arrays.stream(values()).map(BundledEval::key).collect(Collectors.joining(", "));
    }

    /** The first {@code size} items for {@code seed}. */
    public List<EvalItem> items(long seed, int size) {
        if (size < 1) {
            throw new IllegalArgumentException("eval size (" + size + ") must be >= 1");
        }
        List<EvalItem> items = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            items.add(item(seed, i));
        }
        return items;
    }

    /** Item {@code index} of the set generated with {@code seed}. */
    public EvalItem item(long seed, int index) {
        SplittableRandom r = new SplittableRandom(mix(seed ^ mix(salt + index)));
        String id = String.format(Locale.ROOT, "%s-%04d", key, index);
        if (this == MULTIPLE_CHOICE) {
            MultipleChoice.Kind kind = MultipleChoice.Kind.values()[r.nextInt(MultipleChoice.Kind.values().length)];
            Template.Drawn d = MultipleChoice.draw(r, kind);
            return EvalItem.of(id, d.question(), String.valueOf(MultipleChoice.LETTERS.charAt((int) d.answer())), CHOICE);
        }
        List<Template> templates = templates();
        Template t = templates.get(r.nextInt(templates.size()));
        Template.Drawn d = t.draw(r);
        return EvalItem.of(id, d.question(), Long.toString(d.answer()), NUMERIC);
    }

    private List<Template> templates() {
        return BundledQuestions.templates(this == ARITHMETIC ? BundledQuestions.Set.ARITHMETIC : BundledQuestions.Set.WORD_PROBLEMS);
    }

    /** The answer to a bundled question, re-derived from its text alone. */
    public record Solution(BundledEval set, String answer, Scorer scorer) {}

    /** Recognises a question of any bundled set from its text and solves it ({@link BundledQuestions}); empty for any other text. */
    public static Optional<Solution> recognise(String question) {
        return BundledQuestions.recognise(question).map(s -> new Solution(valueOf(s.set().name()), s.answer(),
                s.choiceLetters() == null ? NUMERIC : CHOICE));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
