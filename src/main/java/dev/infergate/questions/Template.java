package dev.infergate.questions;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A question pattern with numbered slots {@code {0}}, {@code {1}}, ... and an optional {@code {name}}:
 * it renders a question from drawn numbers and, the other way round, reads the numbers back out of a
 * rendered question, so the answer can be re-derived from the text alone (the simulator's answer model
 * does this; no item id needs to travel in the prompt).
 */
public final class Template {
    static final String[] NAMES = {"Maria", "Tom", "Aisha", "Kenji", "Lena", "Omar", "Sofia", "Ravi", "Nora", "Pablo"};

    private final String key;
    private final String text;
    private final Function<SplittableRandom, long[]> draw;
    private final ToLongFunction<long[]> answer;
    private final Pattern pattern;
    private final int slots;

    /**
     * @param key    short name of the pattern, part of item ids
     * @param text   the question, with {@code {0}}.. for numbers and {@code {name}} for a person's name
     * @param draw   draws the numbers (all >= 0) for the slots, in slot order
     * @param answer the answer from the numbers
     */
    Template(String key, String text, Function<SplittableRandom, long[]> draw, ToLongFunction<long[]> answer) {
        this.key = key;
        this.text = text;
        this.draw = draw;
        this.answer = answer;
        StringBuilder regex = new StringBuilder("^");
        Matcher m = Pattern.compile("\\{(name|\\d+)}").matcher(text);
        int at = 0;
        int count = 0;
        while (m.find()) {
            regex.append(Pattern.quote(text.substring(at, m.start())));
            regex.append(m.group(1).equals("name") ? "[A-Z][a-z]+" : "(\\d+)");
            count += m.group(1).equals("name") ? 0 : 1;
            at = m.end();
        }
        this.pattern = Pattern.compile(regex.append(Pattern.quote(text.substring(at))).append('$').toString());
        this.slots = count;
    }

    public String key() {
        return key;
    }

    /** A question and its answer drawn from {@code random}. */
    public Drawn draw(SplittableRandom random) {
        long[] numbers = draw.apply(random);
        if (numbers.length != slots) {
            throw new IllegalStateException("template " + key + " drew " + numbers.length + " numbers for " + slots + " slots");
        }
        String name = NAMES[random.nextInt(NAMES.length)];
        String rendered = text.replace("{name}", name);
        for (int i = 0; i < numbers.length; i++) {
            rendered = rendered.replace("{" + i + "}", Long.toString(numbers[i]));
        }
        return new Drawn(rendered, answer.applyAsLong(numbers));
    }

    /** The answer of a question rendered from this template, or null when {@code question} is not one. */
    public Long solve(String question) {
        Matcher m = pattern.matcher(question.strip());
        if (!m.matches()) {
            return null;
        }
        List<Long> numbers = new ArrayList<>();
        for (int g = 1; g <= m.groupCount(); g++) {
            numbers.add(Long.parseLong(m.group(g)));
        }
        return answer.applyAsLong(numbers.stream().mapToLong(Long::longValue).toArray());
    }

    /** A rendered question and its answer. */
    public record Drawn(String question, long answer) {}

    /** A uniform draw from {@code [low, high]}. */
    static long between(SplittableRandom r, long low, long high) {
        return r.nextLong(low, high + 1);
    }
}
