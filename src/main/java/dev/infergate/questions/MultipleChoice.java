package dev.infergate.questions;

import static dev.infergate.questions.Template.between;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code multiple-choice} set: four numbers, exactly one of which has a property the generator can
 * check itself (prime, divisible by 7, the largest), so the answer key is computed, never typed.
 */
public final class MultipleChoice {
    public static final String LETTERS = "ABCD";
    static final String TAIL = "Answer with the letter only.";
    private static final Pattern OPTION = Pattern.compile("(?m)^([A-D])\\) (\\d+)$");

    /** One kind of question: its wording and how the right option is told apart. */
    public enum Kind {
        PRIME("Which of these numbers is prime?", MultipleChoice::isPrime),
        SEVEN("Which of these numbers is divisible by 7?", n -> n % 7 == 0),
        LARGEST("Which of these numbers is the largest?", null);

        final String question;
        final LongPredicate property;

        Kind(String question, LongPredicate property) {
            this.question = question;
            this.property = property;
        }
    }

    private MultipleChoice() {}

    /** A question of a kind drawn from {@code random}, and its answer letter. */
    public static Template.Drawn draw(SplittableRandom random, Kind kind) {
        List<Long> options = new ArrayList<>();
        int right = random.nextInt(LETTERS.length());
        if (kind == Kind.LARGEST) {
            while (options.size() < LETTERS.length()) {
                long n = between(random, 100, 999);
                if (!options.contains(n)) {
                    options.add(n);
                }
            }
            long max = options.stream().mapToLong(Long::longValue).max().orElseThrow();
            options.set(options.indexOf(max), options.get(right));
            options.set(right, max);
        } else {
            for (int i = 0; i < LETTERS.length(); i++) {
                options.add(i == right ? drawWith(random, kind.property, true) : drawWith(random, kind.property, false));
            }
        }
        StringBuilder q = new StringBuilder(kind.question).append('\n');
        for (int i = 0; i < options.size(); i++) {
            q.append(LETTERS.charAt(i)).append(") ").append(options.get(i)).append('\n');
        }
        return new Template.Drawn(q.append(TAIL).toString(), right);
    }

    /** An odd number from 11 to 199 that has (or lacks) the property; odd so "prime" is not "odd". */
    private static long drawWith(SplittableRandom random, LongPredicate property, boolean has) {
        while (true) {
            long n = between(random, 5, 99) * 2 + 1;
            if (property.test(n) == has) {
                return n;
            }
        }
    }

    /** The answer letter of a question rendered by {@link #draw}, or null when {@code text} is not one. */
    public static String solve(String text) {
        String t = text.strip();
        Kind kind = null;
        for (Kind k : Kind.values()) {
            if (t.startsWith(k.question + "\n")) {
                kind = k;
            }
        }
        if (kind == null || !t.endsWith("\n" + TAIL)) {
            return null;
        }
        Matcher m = OPTION.matcher(t);
        List<Long> options = new ArrayList<>();
        while (m.find()) {
            if (m.group(1).charAt(0) != LETTERS.charAt(options.size())) {
                return null;
            }
            options.add(Long.parseLong(m.group(2)));
        }
        if (options.size() != LETTERS.length()) {
            return null;
        }
        int answer = -1;
        for (int i = 0; i < options.size(); i++) {
            boolean fits = kind == Kind.LARGEST
                    ? options.get(i) == options.stream().mapToLong(Long::longValue).max().orElseThrow()
                    : kind.property.test(options.get(i));
            if (fits) {
                if (answer >= 0) {
                    return null;
                }
                answer = i;
            }
        }
        return answer < 0 ? null : String.valueOf(LETTERS.charAt(answer));
    }

    static boolean isPrime(long n) {
        if (n < 2) {
            return false;
        }
        for (long d = 2; d * d <= n; d++) {
            if (n % d == 0) {
                return false;
            }
        }
        return true;
    }
}
