package dev.infergate.analysis.burst;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.analysis.Slo;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.List;
import org.junit.jupiter.api.Test;

class BurstPhasesTest {
    private static final long MS = 1_000_000L;

    /** Scheduled at {@code scheduledMs}, sent 1 ms later, first token {@code waitMs} after scheduling, done 10 ms later. */
    private static RequestRecord ok(long id, long scheduledMs, long waitMs) {
        long s = scheduledMs * MS;
        return RequestRecord.builder(id).scheduledNanos(s).sentNanos(s + MS).headersNanos(s + 2 * MS)
                .firstTokenNanos(s + waitMs * MS).lastTokenNanos(s + waitMs * MS).doneNanos(s + (waitMs + 10) * MS)
                .status(200).inputTokens(10).outputTokens(2).outputTokensSource(TokenSource.USAGE).chunks(2)
                .maxStallNanos(0).build();
    }

    private static RequestRecord failed(long id, long scheduledMs) {
        long s = scheduledMs * MS;
        return RequestRecord.builder(id).scheduledNanos(s).sentNanos(s + MS).doneNanos(s + 5 * MS).status(503)
                .error(ErrorClass.HTTP_5XX).errorDetail("busy").build();
    }

    @Test
    void requestsBelongToThePhaseTheyWereScheduledIn_evenWhenServedAfterIt() {
        // the step runs from 1,000 to 2,000 ms; request 3 was scheduled at 1,999 ms and answered long after
        List<RequestRecord> records = List.of(ok(1, 0, 50), ok(2, 999, 60), ok(3, 1999, 900), failed(4, 1500),
                ok(5, 2000, 70));
        BurstPhases p = BurstPhases.of(records, 1000 * MS, 2000 * MS, 5, 15, Slo.NONE);

        assertThat(p.waits().keySet()).containsExactly("before", "during", "after");
        assertThat(p.waits().get("before").count()).isEqualTo(2);
        assertThat(p.waits().get("before").ttftMaxMs()).isEqualTo(60.0);
        assertThat(p.waits().get("during").count()).isEqualTo(1);
        assertThat(p.waits().get("during").ttftMaxMs()).isEqualTo(900.0);
        assertThat(p.waits().get("after").count()).isEqualTo(1);
        assertThat(p.failures()).containsExactly(java.util.Map.entry("before", 0L), java.util.Map.entry("during", 1L),
                java.util.Map.entry("after", 0L));
    }

    @Test
    void aStepThatEndsBeforeItStarts_isRefused() {
        assertThatThrownBy(() -> BurstPhases.of(List.of(), 2 * MS, MS, 1, 2, Slo.NONE))
                .hasMessageContaining("stepEndNanos (1000000) must be >= stepStartNanos (2000000)");
    }
}
