package dev.infergate.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminalTextTest {
    @Test
    void escapeSequences_areRemoved() {
        assertThat(TerminalText.sanitize("a\u001b[31mred\u001b[0m b")).isEqualTo("ared b");
        assertThat(TerminalText.sanitize("x\u001b]0;title\u0007y")).isEqualTo("xy");
        assertThat(TerminalText.sanitize("x\u001b]8;;http://e\u001b\\link\u001b]8;;\u001b\\y")).isEqualTo("xlinky");
        assertThat(TerminalText.sanitize("x\u009b2Jy")).isEqualTo("xy");
        assertThat(TerminalText.sanitize("x\u001bcy")).isEqualTo("xy");
    }

    @Test
    void controlCharacters_becomeSpaces_andBidiOverridesGo() {
        assertThat(TerminalText.sanitize("a\rb\nc\td\u0000e\u007f")).isEqualTo("a b c d e ");
        assertThat(TerminalText.sanitize("ab\u202ecd")).isEqualTo("abcd");
        assertThat(TerminalText.sanitizeLines("one\u001b[2K\ntwo\r\n")).isEqualTo("one\ntwo \n");
    }

    @Test
    void ordinaryTextAndNull_passUnchanged() {
        assertThat(TerminalText.sanitize("Llama-3 · 70B ✓ 😀")).isEqualTo("Llama-3 · 70B ✓ 😀");
        assertThat(TerminalText.sanitize(null)).isNull();
    }
}
