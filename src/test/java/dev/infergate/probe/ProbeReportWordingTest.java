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
        return new dev.infergate.record.RequestRecord(9, 0, dev.infergate.record.Phase.MEASURED, null, null, -1, 1_000,
                1_000 + lagNanos + 50, 10_000_000, 20_000_000, 30_000_000, 40_000_000, 200, null, null, -1, 10, 3,
                dev.infergate.record.TokenSource.USAGE, -1, 3, 5_000, null, null, 0, dev.infergate.record.RequestRecord.ABSENT,
                -1, -1, 1_000, 1_000 + lagNanos, 0);
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
