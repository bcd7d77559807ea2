package dev.infergate.quality.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

class BundledEvalTest {

    @ParameterizedTest
    @EnumSource(BundledEval.class)
    void items_areTheSameForTheSameSeedAndDifferForAnother(BundledEval set) {
        assertThat(set.items(7, 40)).isEqualTo(set.items(7, 40));
        assertThat(set.items(8, 40)).isNotEqualTo(set.items(7, 40));
    }

    @ParameterizedTest
    @EnumSource(BundledEval.class)
    void aSmallerSet_isThePrefixOfALargerOne(BundledEval set) {
        assertThat(set.items(3, 100).subList(0, 25)).isEqualTo(set.items(3, 25));
    }

    @ParameterizedTest
    @EnumSource(BundledEval.class)
    void everyItem_isRecognisedFromItsTextWithItsOwnAnswer(BundledEval set) {
        for (EvalItem item : set.items(11, 300)) {
            BundledEval.Solution s = BundledEval.recognise(item.promptText()).orElseThrow(() -> new AssertionError(item));
            assertThat(s.set()).isEqualTo(set);
            assertThat(s.answer()).as(item.promptText()).isEqualTo(item.answer());
            assertThat(item.correct(item.answer())).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(BundledEval.class)
    void questions_areMostlyDistinct(BundledEval set) {
        Set<String> prompts = new HashSet<>();
        set.items(5, 100).forEach(i -> prompts.add(i.promptText()));
        assertThat(prompts).hasSizeGreaterThan(95);
    }

    @Test
    void arithmeticAnswers_matchAnIndependentEvaluation() {
        Pattern p = Pattern.compile("What is (\\d+) (.) (\\d+)\\?.*");
        for (EvalItem item : BundledEval.ARITHMETIC.items(1, 200)) {
            Matcher m = p.matcher(item.promptText());
            assertThat(m.matches()).as(item.promptText()).isTrue();
            long a = Long.parseLong(m.group(1));
            long b = Long.parseLong(m.group(3));
            long want = switch (m.group(2)) {
                case "+" -> a + b;
                case "-" -> a - b;
                default -> a * b;
            };
            assertThat(item.answer()).isEqualTo(Long.toString(want));
            assertThat(want).isPositive();
        }
    }

    @Test
    void multipleChoice_hasExactlyOneFittingOptionAndUsesEveryLetter() {
        Set<String> letters = new HashSet<>();
        for (EvalItem item : BundledEval.MULTIPLE_CHOICE.items(2, 200)) {
            List<String> lines = item.promptText().lines().toList();
            assertThat(lines).hasSize(6);
            letters.add(item.answer());
            long chosen = Long.parseLong(lines.get(1 + "ABCD".indexOf(item.answer())).substring(3));
            if (lines.get(0).contains("prime")) {
                assertThat(chosen).matches(BundledEvalTest::prime);
                assertThat(lines.subList(1, 5).stream().filter(l -> prime(Long.parseLong(l.substring(3))))).hasSize(1);
            } else if (lines.get(0).contains("7")) {
                assertThat(chosen % 7).isZero();
            } else {
                assertThat(lines.subList(1, 5)).allMatch(l -> Long.parseLong(l.substring(3)) <= chosen);
            }
        }
        assertThat(letters).containsExactlyInAnyOrder("A", "B", "C", "D");
    }

    @Test
    void recognise_ignoresOtherText() {
        assertThat(BundledEval.recognise("What is 3 + 4?")).isEmpty();
        assertThat(BundledEval.recognise("the a of to and in")).isEmpty();
        assertThat(BundledEval.recognise(null)).isEmpty();
    }

    @Test
    void parse_namesTheBundledSetsWhenUnknown() {
        assertThatThrownBy(() -> BundledEval.parse("mmlu"))
                .hasMessage("no bundled eval set 'mmlu'; bundled: arithmetic, word-problems, multiple-choice (or give a JSONL file)");
    }

    private static boolean prime(long n) {
        return n > 1 && java.util.stream.LongStream.rangeClosed(2, (long) Math.sqrt(n)).noneMatch(d -> n % d == 0);
    }
}
