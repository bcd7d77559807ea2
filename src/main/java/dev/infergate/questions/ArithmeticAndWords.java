package dev.infergate.questions;

import static dev.infergate.questions.Template.between;

import java.util.List;

/** The question templates of the numeric bundled sets, {@code arithmetic} and {@code word-problems}. */
public final class ArithmeticAndWords {
    static final String NUMBER_ONLY = " Answer with the number only.";

    public static final List<Template> ARITHMETIC = List.of(
            new Template("add", "What is {0} + {1}?" + NUMBER_ONLY,
                    r -> new long[] {between(r, 100, 999), between(r, 100, 999)}, v -> v[0] + v[1]),
            new Template("sub", "What is {0} - {1}?" + NUMBER_ONLY,
                    r -> {
                        long a = between(r, 200, 999);
                        return new long[] {a, between(r, 100, a - 1)};
                    }, v -> v[0] - v[1]),
            new Template("mul", "What is {0} \u00d7 {1}?" + NUMBER_ONLY,
                    r -> new long[] {between(r, 12, 99), between(r, 12, 99)}, v -> v[0] * v[1]));

    public static final List<Template> WORD_PROBLEMS = List.of(
            new Template("apples", "{name} has {0} apples, buys {1} more and gives {2} to a friend."
                    + " How many apples does {name} have now?" + NUMBER_ONLY,
                    r -> {
                        long a = between(r, 5, 60);
                        long b = between(r, 2, 40);
                        return new long[] {a, b, between(r, 1, a + b - 1)};
                    }, v -> v[0] + v[1] - v[2]),
            new Template("boxes", "A box holds {0} pencils. How many pencils are in {1} boxes?" + NUMBER_ONLY,
                    r -> new long[] {between(r, 6, 48), between(r, 3, 25)}, v -> v[0] * v[1]),
            new Template("train", "A train travels at {0} km per hour for {1} hours. How many kilometres does it travel?"
                    + NUMBER_ONLY,
                    r -> new long[] {between(r, 40, 180), between(r, 2, 9)}, v -> v[0] * v[1]),
            new Template("change", "A ticket costs {0} dollars. {name} buys {1} tickets and pays with {2} dollars."
                    + " How much change does {name} get, in dollars?" + NUMBER_ONLY,
                    r -> {
                        long price = between(r, 12, 95);
                        long count = between(r, 2, 12);
                        long paid = (price * count / 100 + 1) * 100 + 100 * between(r, 0, 3);
                        return new long[] {price, count, paid};
                    }, v -> v[2] - v[0] * v[1]),
            new Template("pages", "{name} reads {0} pages a day. How many days does {name} need for a book of {1} pages?"
                    + NUMBER_ONLY,
                    r -> {
                        long perDay = between(r, 8, 40);
                        return new long[] {perDay, perDay * between(r, 3, 30)};
                    }, v -> v[1] / v[0]));

    private ArithmeticAndWords() {}
}
