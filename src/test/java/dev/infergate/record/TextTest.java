package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TextTest {
    private static final String EMOJI = "\uD83D\uDE00";

    @Test
    void cut_neverSplitsASurrogatePair() {
        String s = "x".repeat(296) + EMOJI + "more text";
        String cut = Text.cut(s, 300);
        assertThat(cut).isEqualTo("x".repeat(296) + "...");
        assertThat(Text.firstLoneSurrogate(cut)).isEqualTo(-1);
        assertThat(Text.cut("x".repeat(295) + EMOJI + "more", 300)).isEqualTo("x".repeat(295) + EMOJI + "...");
    }

    @Test
    void wellFormed_replacesLoneSurrogatesOnly_soUtf8EncodingIsLossless() {
        String s = "a\uD800b" + EMOJI + "\uDC00";
        String w = Text.wellFormed(s);
        assertThat(w).isEqualTo("a\uFFFDb" + EMOJI + "\uFFFD");
        assertThat(new String(w.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).isEqualTo(w);
        assertThat(Text.wellFormed("plain")).isSameAs("plain");
        assertThat(Text.wellFormed(null)).isNull();
        assertThat(Text.wellFormed("\uD800")).isEqualTo("\uFFFD");
    }
}
