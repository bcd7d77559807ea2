package dev.infergate.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TokenizerTest {
    @Test
    void oneTokenPerWhitespaceSeparatedWord() {
        assertThat(Tokenizer.encode("  the quick\tbrown\n fox ")).hasSize(4);
        assertThat(Tokenizer.encode("   ")).isEmpty();
    }

    @Test
    void sameWord_sameId() {
        assertThat(Tokenizer.encode("fox fox")[0]).isEqualTo(Tokenizer.encode("fox")[0]);
    }

    @Test
    void blockHashes_coverFullBlocksOnly_andDependOnEverythingBefore() {
        int[] a = Tokenizer.encode("a b c d e f g h i");
        int[] b = Tokenizer.encode("a b c d X f g h i");

        assertThat(Tokenizer.blockHashes(a, 4)).hasSize(2);
        assertThat(Tokenizer.blockHashes(b, 4)[0]).isEqualTo(Tokenizer.blockHashes(a, 4)[0]);
        assertThat(Tokenizer.blockHashes(b, 4)[1]).isNotEqualTo(Tokenizer.blockHashes(a, 4)[1]);
    }

    @Test
    void generatedText_isDeterministicPerSeed_oneWordPerToken() {
        assertThat(TextGenerator.tokens(42, 0, 5)).isEqualTo(TextGenerator.tokens(42, 0, 5));
        assertThat(TextGenerator.tokens(42, 0, 5).strip().split(" ")).hasSize(5);
        assertThat(TextGenerator.tokens(42, 0, 3) + TextGenerator.tokens(42, 3, 5)).isEqualTo(TextGenerator.tokens(42, 0, 5));
    }
}
