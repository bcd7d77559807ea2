package dev.infergate.quality.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ScorerTest {
    private static final Scorer NUMERIC = new Scorer.Numeric(0);
    private static final Scorer CHOICE = new Scorer.Choice("ABCD");
    private static final Scorer EXACT = new Scorer.Exact();

    @ParameterizedTest(name = "numeric: ''{0}'' reads as {1}")
    @CsvSource(delimiter = '|', value = {
            "1776|1776",
            "'  1776 \n'|1776",
            "1,776|1776",
            "1,776.|1776",
            "$1,250|1250",
            "240 km|240",
            "It travels 240 km.|240",
            "\u22125|-5",
            "-5|-5",
            "3.50|3.5",
            "The answer is 42 (37 + 5).|42",
            "37 + 5 = 42|42",
            "Answer: 1,024 pencils|1024",
            "5-3 is 2|2",
            "**128**|128",
    })
    void numeric_readsTheAnswerNumber(String output, String expected) {
        assertThat(NUMERIC.correct(output, expected)).as(output).isTrue();
        assertThat(NUMERIC.extract(output)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "numeric: ''{0}'' is not {1}")
    @CsvSource(delimiter = '|', value = {
            "1775|1776",
            "no idea|1776",
            "''|7",
            "1,2|12",
            "The answer is 41, not 42.|42",
            "17762|1776",
    })
    void numeric_rejectsOtherNumbersAndNone(String output, String expected) {
        assertThat(NUMERIC.correct(output, expected)).as(output).isFalse();
    }

    @Test
    void numeric_acceptsDifferencesWithinTheTolerance() {
        Scorer loose = new Scorer.Numeric(0.01);
        assertThat(loose.correct("3.141", "3.14159")).isTrue();
        assertThat(loose.correct("3.12", "3.14159")).isFalse();
        assertThat(NUMERIC.correct("3.1", "3.14159")).isFalse();
    }

    @Test
    void numeric_refusesANegativeTolerance() {
        assertThatThrownBy(() -> new Scorer.Numeric(-1)).hasMessage("numeric tolerance (-1.0) must be a finite number >= 0");
    }

    @ParameterizedTest(name = "choice: ''{0}'' picks {1}")
    @CsvSource(delimiter = '|', value = {
            "B|B",
            "' b '|B",
            "(C)|C",
            "D.|D",
            "B) 17|B",
            "The answer is B.|B",
            "The answer is: (D)|D",
            "Answer: **C**|C",
            "answer: c|C",
            "The correct option is D because 91 = 7 x 13.|D",
            "A prime number among these is option C.|C",
            "The answer is a prime: B|B",
            "I would pick B.|B",
            "A|A",
            "A) 21|A",
    })
    void choice_findsTheLetterInProse(String output, String expected) {
        assertThat(CHOICE.extract(output)).as(output).isEqualTo(expected);
        assertThat(CHOICE.correct(output, expected)).isTrue();
    }

    @ParameterizedTest(name = "choice: ''{0}'' picks nothing")
    @CsvSource(delimiter = '|', value = {
            "A prime number is one with two divisors.",
            "E",
            "none of them",
            "''",
    })
    void choice_findsNoLetterWhenNoneIsGiven(String output) {
        assertThat(CHOICE.extract(output)).as(output).isNull();
        assertThat(CHOICE.correct(output, "A")).isFalse();
    }

    @ParameterizedTest(name = "exact: ''{0}'' equals ''{1}''")
    @CsvSource(delimiter = '|', value = {
            "Paris|paris",
            "'  Paris.  '|Paris",
            "\"Paris\"|Paris",
            "**Paris**|Paris",
            "New   York|new york",
            "The answer is: Paris|Paris",
            "\uff30aris|Paris",
    })
    void exact_ignoresCaseWhitespaceQuotesAndFinalPunctuation(String output, String expected) {
        assertThat(EXACT.correct(output, expected)).as(output).isTrue();
    }

    @Test
    void exact_stillDistinguishesDifferentWords() {
        assertThat(EXACT.correct("Paris, France", "Paris")).isFalse();
        assertThat(EXACT.correct("Lyon", "Paris")).isFalse();
        assertThat(EXACT.correct("", "Paris")).isFalse();
    }

    @Test
    void regex_findsThePatternAnywhereIgnoringCase() {
        Scorer regex = new Scorer.Regex();
        assertThat(regex.correct("It is PARIS, of course", "\\bparis\\b")).isTrue();
        assertThat(regex.correct("Parisian", "\\bparis\\b")).isFalse();
        assertThatThrownBy(() -> regex.correct("x", "(")).hasMessageStartingWith("regex answer '(' is not a valid pattern");
    }
}
