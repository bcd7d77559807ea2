package dev.infergate.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.Map;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

class ProgressLiveTest {
    private static final long MS = 1_000_000;

    /** Sent at 0 (scheduled {@code lagMs} earlier), first token at {@code ttftMs}, 11 tokens; the last at {@code lastMs}. */
    private static RequestRecord answer(Phase phase, long ttftMs, long lastMs, long lagMs) {
        long scheduled = 100 * MS;
        long sent = scheduled + lagMs * MS;
        return RequestRecord.builder(1).phase(phase).scheduledNanos(scheduled).sentNanos(sent).headersNanos(sent + MS)
                .firstTokenNanos(sent + ttftMs * MS).lastTokenNanos(sent + lastMs * MS).doneNanos(sent + lastMs * MS)
                .status(200).inputTokens(100).outputTokens(11).outputTokensSource(TokenSource.USAGE).cachedTokens(0)
                .chunks(11).build();
    }

    private static RequestRecord failure(ErrorClass error) {
        return RequestRecord.builder(2).sentNanos(MS).doneNanos(2 * MS).status(500).error(error).errorDetail("boom")
                .build();
    }

    @Test
    void theLiveFigures_areTheMeasuredRequests_withBufferedAnswersLeftOutOfTpot_andErrorsByClass() {
        Progress p = new Progress();
        assertThat(p.live().ttftP50Ms()).as("nothing yet: not 0").isNaN();
        for (int i = 0; i < 99; i++) {
            p.recorded(answer(Phase.MEASURED, 100, 200, 0)); // TPOT (200 - 100) / 10 = 10 ms
        }
        p.recorded(answer(Phase.MEASURED, 1_000, 1_000, 5)); // buffered: first and last token together, no TPOT
        p.recorded(answer(Phase.WARMUP, 9_000, 9_500, 0)); // the warm-up: not in the live figures
        p.recorded(failure(ErrorClass.HTTP_5XX));
        p.recorded(failure(ErrorClass.HTTP_5XX));

        Progress.Live live = p.live();
        assertThat(live.ttftP50Ms()).isCloseTo(100, Percentage.withPercentage(1));
        assertThat(live.ttftP99Ms()).isCloseTo(100, Percentage.withPercentage(1));
        assertThat(p.live().ttftP99Ms()).as("read again: the same totals, nothing lost between reads")
                .isCloseTo(100, Percentage.withPercentage(1));
        assertThat(live.tpotP99Ms()).isCloseTo(10, Percentage.withPercentage(1));
        assertThat(live.e2eP50Ms()).isCloseTo(200, Percentage.withPercentage(1));
        assertThat(live.clientLagP99Ms()).as("records without the client's slot and dispatch marks: no lag, not 0").isNaN();
        assertThat(live.errors()).isEqualTo(Map.of(ErrorClass.HTTP_5XX, 2L));

        p.recorded(answer(Phase.MEASURED, 5_000, 5_100, 0));
        p.recorded(answer(Phase.MEASURED, 5_000, 5_100, 0));
        assertThat(p.live().ttftP99Ms()).as("later requests are added to what came before")
                .isCloseTo(5_000, Percentage.withPercentage(1));
    }
}
