package dev.infergate.probe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProbeReportWordingTest {
    @Test
    void aTokenizerThatCannotMakeExactLengths_isSaidToBeOne() {
        assertThat(ProbeReport.tokenizeExactness(false)).contains("prompt lengths cannot be exact")
                .doesNotContain("are exact");
        assertThat(ProbeReport.tokenizeExactness(true)).startsWith("prompt lengths are exact");
        assertThat(ProbeReport.tokenizeExactness(null)).isEqualTo("prompt lengths not checked");
    }

    private static dev.infergate.record.RequestRecord withLag(long lagNanos) {
        // scheduled 1,000, slot free then, written at 1,000 + lag, no connection wait
        return dev.infergate.record.RequestRecord.builder(9).scheduledNanos(1_000).sentNanos(1_000 + lagNanos + 50)
                .headersNanos(10_000_000).firstTokenNanos(20_000_000).lastTokenNanos(30_000_000).doneNanos(40_000_000)
                .status(200).inputTokens(10).outputTokens(3).outputTokensSource(dev.infergate.record.TokenSource.USAGE)
                .chunks(3).maxStallNanos(5_000).slotNanos(1_000).dispatchNanos(1_000 + lagNanos).connectWaitNanos(0)
                .build();
    }

    @Test
    void aBurstyStream_saysWhoseTheGapsAre() {
        assertThat(ProbeReport.whoseGaps(java.util.List.of(withLag(200_000), withLag(1_000_000))))
                .contains("the gaps are the server's (or the network's)");
        assertThat(ProbeReport.whoseGaps(java.util.List.of(withLag(200_000), withLag(25_000_000))))
                .contains("the client fell behind (lag up to 25.0 ms, limit 10 ms)");
        assertThat(ProbeReport.whoseGaps(java.util.List.of())).isEmpty();
    }
}
