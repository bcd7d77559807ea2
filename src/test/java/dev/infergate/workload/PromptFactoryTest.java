package dev.infergate.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class PromptFactoryTest {
    private static final PromptFactory CL100K = PromptFactory.calibrate(BundledTokenizer.cl100k(), 1);
    private static final PromptFactory O200K = PromptFactory.calibrate(BundledTokenizer.o200k(), 1);

    /** Every length 1..300, then a spread up to 20,000 (property-style sweep, deterministic). */
    static Stream<Integer> lengths() {
        return Stream.concat(IntStream.rangeClosed(1, 300).boxed(),
                Stream.of(511, 512, 1000, 1023, 1024, 1025, 2048, 4097, 8192, 12_345, 20_000));
    }

    @Test
    void bundledTokenizers_areCalibratedAsExact_withMostOfTheVocabulary() {
        assertThat(CL100K.exact()).isTrue();
        assertThat(O200K.exact()).isTrue();
        assertThat(CL100K.vocabularySize()).isGreaterThan(400);
        assertThat(O200K.vocabularySize()).isGreaterThan(400);
        assertThat(CL100K.overheadTokens()).isZero();
    }

    @ParameterizedTest
    @MethodSource("lengths")
    void freshPrompts_haveExactlyTheRequestedTokens_underCl100k(int tokens) {
        PromptFactory.Prompt prompt = CL100K.build(tokens * 31L, tokens, null);
        assertThat(prompt.tokens()).isEqualTo(tokens);
        assertThat(BundledTokenizer.cl100k().count(prompt.text())).isEqualTo(tokens);
    }

    @ParameterizedTest
    @MethodSource("lengths")
    void sharedPrefixPrompts_haveExactlyTheRequestedTokens_underCl100kAndO200k(int tokens) {
        PromptFactory.Prompt cl = CL100K.build(tokens, tokens, CL100K.sharedPrefix(tokens % 4, 700));
        PromptFactory.Prompt o = O200K.build(tokens, tokens, O200K.sharedPrefix(tokens % 4, 700));
        assertThat(BundledTokenizer.cl100k().count(cl.text())).isEqualTo(tokens);
        assertThat(BundledTokenizer.o200k().count(o.text())).isEqualTo(tokens);
        assertThat(cl.prefixTokens()).isEqualTo(Math.min(700, tokens - 1));
    }

    @Test
    void freshPrompts_ofManyIds_allStartDifferently() {
        Set<String> headers = new HashSet<>();
        Set<String> firstWords = new HashSet<>();
        for (long id = 0; id < 20_000; id++) {
            String text = CL100K.build(id, 64, null).text();
            String[] words = text.substring(1).split(" ");
            headers.add(String.join(" ", List.of(words).subList(0, 8)));
            firstWords.add(words[0]);
        }
        assertThat(headers).hasSize(20_000);
        assertThat(firstWords.size()).as("first words vary").isGreaterThan(CL100K.vocabularySize() * 9 / 10);
    }

    @Test
    void sharedPrompts_shareTheExactPrefixText_andDifferAfterIt() {
        PromptFactory.SharedPrefix prefix = CL100K.sharedPrefix(2, 384);
        String a = CL100K.build(10, 512, prefix).text();
        String b = CL100K.build(11, 512, prefix).text();
        assertThat(a).startsWith(prefix.text()).isNotEqualTo(b);
        assertThat(b).startsWith(prefix.text());
        assertThat(a.substring(prefix.text().length()).split(" ")[1])
                .isNotEqualTo(b.substring(prefix.text().length()).split(" ")[1]);
        assertThat(CL100K.sharedPrefix(3, 384).text()).isNotEqualTo(prefix.text());
    }

    @Test
    void build_isPure_acrossInstancesAndCallOrder() {
        PromptFactory other = PromptFactory.calibrate(BundledTokenizer.cl100k(), 1);
        String late = CL100K.build(77, 900, null).text();
        other.build(5, 100, null);
        assertThat(other.build(77, 900, null).text()).isEqualTo(late);
        assertThat(PromptFactory.calibrate(BundledTokenizer.cl100k(), 2).build(77, 900, null).text()).isNotEqualTo(late);
    }

    @Test
    void calibration_callsTheTokenizerOnlyInTwoBatches_andBuildingCallsItNever() {
        CountingTokenizer counting = new CountingTokenizer(BundledTokenizer.cl100k());
        PromptFactory factory = PromptFactory.calibrate(counting, 3);
        assertThat(counting.batches.get()).isEqualTo(2);
        assertThat(counting.singles.get()).isZero();
        factory.build(1, 4000, factory.sharedPrefix(0, 3000));
        assertThat(counting.batches.get() + counting.singles.get()).isEqualTo(2);
    }

    @Test
    void aTokenizerThatAddsBos_isCompensated() {
        Tokenizer withBos = new Tokenizer() {
            public String name() {
                return "bos+cl100k";
            }

            public int count(String text) {
                return 1 + BundledTokenizer.cl100k().count(text);
            }
        };
        PromptFactory factory = PromptFactory.calibrate(withBos, 1);
        assertThat(factory.exact()).isTrue();
        assertThat(factory.overheadTokens()).isEqualTo(1);
        assertThat(withBos.count(factory.build(9, 300, null).text())).isEqualTo(300);
    }

    @ParameterizedTest
    @ValueSource(ints = {5, 50, 333, 2000})
    void aNonAdditiveTokenizer_fallsBackToFixingUpEachPrompt(int tokens) {
        // Counts characters / 4: words merge, so calibration must notice and count every prompt.
        Tokenizer charsOver4 = new Tokenizer() {
            public String name() {
                return "chars/4";
            }

            public int count(String text) {
                return (text.length() + 3) / 4;
            }
        };
        PromptFactory factory = PromptFactory.calibrate(charsOver4, 1);
        assertThat(factory.exact()).isFalse();
        PromptFactory.Prompt prompt = factory.build(4, tokens, null);
        assertThat(prompt.tokens()).isEqualTo(charsOver4.count(prompt.text()));
        assertThat(prompt.tokens()).isCloseTo(tokens, org.assertj.core.data.Offset.offset(Math.max(2, tokens / 50)));
    }

    static final class CountingTokenizer implements Tokenizer {
        final Tokenizer delegate;
        final AtomicInteger singles = new AtomicInteger();
        final AtomicInteger batches = new AtomicInteger();

        CountingTokenizer(Tokenizer delegate) {
            this.delegate = delegate;
        }

        public String name() {
            return delegate.name();
        }

        public int count(String text) {
            singles.incrementAndGet();
            return delegate.count(text);
        }

        public int[] countAll(List<String> texts) {
            batches.incrementAndGet();
            return texts.stream().mapToInt(delegate::count).toArray();
        }
    }

    @Test
    void salt_changesTheUniqueTextButNoLength() {
        PromptFactory salted = PromptFactory.calibrate(BundledTokenizer.cl100k(), 1).salted(42);
        PromptFactory.Prompt plain = CL100K.build(7, 300, null);
        PromptFactory.Prompt other = salted.build(7, 300, null);
        assertThat(other.tokens()).isEqualTo(plain.tokens()).isEqualTo(300);
        assertThat(other.text().substring(0, 40)).isNotEqualTo(plain.text().substring(0, 40));
        assertThat(PromptFactory.calibrate(BundledTokenizer.cl100k(), 1).salted(0).build(7, 300, null).text())
                .isEqualTo(plain.text());
    }

    /** A SentencePiece-like tokenizer: a dummy-prefix piece before any text, then one piece per word; the empty text 0. */
    private static Tokenizer dummyPrefix(int bos) {
        return new Tokenizer() {
            public String name() {
                return "sentencepiece-like";
            }

            public int count(String text) {
                return text.isEmpty() ? bos : bos + 1 + BundledTokenizer.cl100k().count(text);
            }
        };
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void aDummyPrefixPiece_isMeasuredAsTheOverhead_notReadOffTheEmptyText(int bos) {
        Tokenizer sp = dummyPrefix(bos);
        PromptFactory factory = PromptFactory.calibrate(sp, 3);
        assertThat(factory.exact()).isTrue();
        assertThat(factory.overheadTokens()).isEqualTo(1 + bos);
        for (int tokens : new int[] {3, 40, 700}) {
            assertThat(sp.count(factory.build(5, tokens, factory.sharedPrefix(1, 100)).text())).isEqualTo(tokens);
        }
    }

    @Test
    void theConstantOverhead_isTheMostCommonWordCountLessOne() {
        assertThat(PromptFactory.constantOverhead(new int[] {0, 2, 2, 3, 2, 1})).isEqualTo(1);
        assertThat(PromptFactory.constantOverhead(new int[] {1, 2, 2, 2})).isEqualTo(1);
        assertThat(PromptFactory.constantOverhead(new int[] {0, 1, 1, 4})).isZero();
        assertThat(PromptFactory.constantOverhead(new int[] {3})).isEqualTo(3);
    }
}
