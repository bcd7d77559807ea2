package dev.infergate.analysis.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Slo;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A user cancellation says nothing against the server: a capacity probe's attainment leaves it out, as the summary does. */
class MeasurementCancellationsTest {
    private static final long MS = 1_000_000L;

    private static RequestRecord record(long id, long ttftMs, ErrorClass error) {
        return RequestRecord.builder(id).scheduledNanos(id * 100 * MS).sentNanos(id * 100 * MS)
                .headersNanos(id * 100 * MS + MS).firstTokenNanos(id * 100 * MS + ttftMs * MS)
                .lastTokenNanos(id * 100 * MS + ttftMs * MS + 5 * MS).doneNanos(id * 100 * MS + ttftMs * MS + 6 * MS)
                .status(200).error(error).inputTokens(10).outputTokens(4).outputTokensSource(TokenSource.USAGE)
                .chunks(4).build();
    }

    @Test
    void cancelledRequests_areNeitherGoodNorMisses_soHalfCancelledCanStillMeetA95PercentTarget() {
        Slo slo = new Slo(Duration.ofMillis(500), null, null);
        List<RequestRecord> records = List.of(record(0, 50, null), record(1, 60, ErrorClass.USER_CANCELLED),
                record(2, 70, null), record(3, 40, ErrorClass.USER_CANCELLED), record(4, 900, null), record(5, 30, ErrorClass.HTTP_5XX));
        Measurement m = Measurement.of(2.0, records, slo);
        assertThat(m.sent()).as("the two cancellations left out; the 5xx stays a miss").isEqualTo(4);
        assertThat(m.good()).isEqualTo(2);
        assertThat(m.attainment()).isEqualTo(0.5);
        Measurement allKept = Measurement.of(2.0, List.of(record(0, 50, null), record(1, 60, ErrorClass.USER_CANCELLED)), slo);
        assertThat(allKept.attainment()).isEqualTo(1.0);
    }
}
