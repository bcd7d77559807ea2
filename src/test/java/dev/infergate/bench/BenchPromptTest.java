package dev.infergate.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BenchPromptTest {

    @Test
    void text_roundTrips() {
        BenchPrompt p = new BenchPrompt(12, 50_000_000, 20_000_000);
        assertThat(p.text()).isEqualTo("infergate-bench id=12 ttft_ns=50000000 itl_ns=20000000");
        assertThat(BenchPrompt.parse(p.text())).isEqualTo(p);
    }

    @Test
    void parse_returnsNullForOtherPromptsAndBrokenTags() {
        assertThat(BenchPrompt.parse("Say hi")).isNull();
        assertThat(BenchPrompt.parse(null)).isNull();
        assertThat(BenchPrompt.parse("infergate-bench id=x ttft_ns=1 itl_ns=1")).isNull();
        assertThat(BenchPrompt.parse("infergate-bench id=1 ttft_ns=1")).isNull();
    }
}
