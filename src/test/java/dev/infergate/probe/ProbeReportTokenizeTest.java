package dev.infergate.probe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProbeReportTokenizeTest {
    @Test
    void aTokenizerThatCannotMakeExactLengths_isSaidToBeOne() {
        assertThat(ProbeReport.tokenizeExactness(false)).contains("prompt lengths cannot be exact")
                .doesNotContain("are exact");
        assertThat(ProbeReport.tokenizeExactness(true)).startsWith("prompt lengths are exact");
        assertThat(ProbeReport.tokenizeExactness(null)).isEqualTo("prompt lengths not checked");
    }
}
