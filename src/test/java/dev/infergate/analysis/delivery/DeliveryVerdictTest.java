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
        DeliveryVerdict.Figures m = of(1, 0, 2).figures();
        assertThat(m.verdict()).isEqualTo("buffered");
        assertThat(m.shareBuffered()).isEqualTo(0.667);
        assertThat(m.shareBursty()).isEqualTo(0.0);
        DeliveryVerdict.Evidence ev = m.evidence();
        assertThat(ev.requestsClassified()).isEqualTo(3L);
        assertThat(ev.requestsWithEventOffsets()).isEqualTo(2L);
        assertThat(ev.tailShareP50()).isEqualTo(1.0);
        assertThat(ev.chunksP50()).isBetween(149.0, 151.0); // HdrHistogram: 3 significant digits
        assertThat(ev.ttftMsP50()).isBetween(9_990.0, 10_010.0);
        assertThat(ev.reasons()).isEqualTo(Map.of("none", 1L, "first_lump", 2L));
    }
}
