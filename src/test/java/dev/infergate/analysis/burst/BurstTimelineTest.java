package dev.infergate.analysis.burst;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BurstTimelineTest {
    private static final long MS = 1_000_000L;

    private static RequestRecord request(long id, long scheduledMs, long sentMs, long doneMs, ErrorClass error) {
        return RequestRecord.builder(id).scheduledNanos(scheduledMs * MS).sentNanos(sentMs * MS)
                .doneNanos(doneMs * MS).status(error == null ? 200 : 500).error(error).build();
    }

    @Test
    void timeline_showsArrivalsConcurrencyQueueWaitAndFailuresPerSecond() {
        List<RequestRecord> records = new ArrayList<>();
        records.add(request(0, 100, 100, 900, null));
        // second 1: a burst of 4 arrivals; two wait 200 ms in the client; one fails at 2.5 s
        records.add(request(1, 1000, 1000, 1800, null));
        records.add(request(2, 1100, 1100, 1900, null));
        records.add(request(3, 1200, 1400, 2500, ErrorClass.HTTP_5XX));
        records.add(request(4, 1300, 1500, 2100, null));

        List<BurstTimeline.Second> t = BurstTimeline.of(records);

        assertThat(t).hasSize(3);
        assertThat(t.get(0)).isEqualTo(new BurstTimeline.Second(0, 1, 1, 0, 0, 0, 1));
        assertThat(t.get(1).arrivals()).isEqualTo(4);
        assertThat(t.get(1).maxInFlight()).isEqualTo(4);
        assertThat(t.get(1).meanQueueWaitMs()).isEqualTo(100.0);
        assertThat(t.get(1).maxQueueWaitMs()).isEqualTo(200.0);
        assertThat(t.get(2)).isEqualTo(new BurstTimeline.Second(2, 0, 2, 0, 0, 1, 1));
    }
}
