package dev.infergate.analysis.delivery;

import static dev.infergate.analysis.delivery.Timelines.MS;
import static dev.infergate.analysis.delivery.Timelines.record;
import static dev.infergate.analysis.delivery.Timelines.steady;
import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.RequestRecord;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeliveryVerdictTest {
    static final RequestRecord INCREMENTAL = record(steady(200 * MS, 100, 13 * MS), 1, MS, false);
    static final RequestRecord BUFFERED = record(steady(10_000 * MS, 150, 5_000), 1, 100_000, true);
    static final RequestRecord BURSTY = record(steady(500 * MS, 10, 250 * MS), 16, MS, false);

    static DeliveryVerdict of(int incremental, int bursty, int buffered) {
        DeliveryVerdict v = new DeliveryVerdict();
        for (int i = 0; i < incremental; i++) {
            v.add(INCREMENTAL);
        }
        for (int i = 0; i < bursty; i++) {
            v.add(BURSTY);
        }
        for (int i = 0; i < buffered; i++) {
            v.add(BUFFERED);
        }
        return v;
    }

    @Test
    void halfBuffered_isBuffered_justBelowHalfIsBursty() {
        assertThat(of(5, 0, 5).verdict()).isEqualTo(DeliveryKind.BUFFERED);
        assertThat(of(51, 0, 49).verdict()).isEqualTo(DeliveryKind.BURSTY);
    }

    @Test
    void oneInFiveLumpy_isBursty_fewerIsIncremental() {
        assertThat(of(8, 1, 1).verdict()).isEqualTo(DeliveryKind.BURSTY);
        assertThat(of(81, 19, 0).verdict()).isEqualTo(DeliveryKind.INCREMENTAL);
        assertThat(of(10, 0, 0).verdict()).isEqualTo(DeliveryKind.INCREMENTAL);
    }

    @Test
    void noClassifiedRequest_isUndetermined_andUndeterminedOnesStayOutOfTheShares() {
        DeliveryVerdict v = new DeliveryVerdict();
        assertThat(v.verdict()).isEqualTo(DeliveryKind.UNDETERMINED);
        v.add(Timelines.failed());
        v.add(INCREMENTAL);
        assertThat(v.share(DeliveryKind.INCREMENTAL)).isEqualTo(1.0);
        assertThat(v.count(DeliveryKind.UNDETERMINED)).isEqualTo(1);
    }

    @Test
    void summaryBlock_showsVerdictSharesAndMedianEvidence() {
        Map<String, Object> m = of(1, 0, 2).toMap();
        assertThat(m).containsEntry("verdict", "buffered").containsEntry("share_buffered", 0.667)
                .containsEntry("share_bursty", 0.0);
        @SuppressWarnings("unchecked")
        Map<String, Object> ev = (Map<String, Object>) m.get("evidence");
        assertThat(ev).containsEntry("requests_classified", 3L).containsEntry("requests_with_event_offsets", 2L)
                .containsEntry("tail_share_p50", 1.0);
        assertThat((Double) ev.get("chunks_p50")).isBetween(149.0, 151.0); // HdrHistogram: 3 significant digits
        assertThat((Double) ev.get("ttft_ms_p50")).isBetween(9_990.0, 10_010.0);
        assertThat(ev.get("reasons")).isEqualTo(Map.of("none", 1L, "first_lump", 2L));
    }
}
