package dev.infergate.analysis.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.infergate.analysis.Slo;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How much of a probe's misses a late client or server could explain: the margins {@link Measurement} keeps. */
class MeasurementMarginsTest {

    /** Scheduled at 0 with a free slot; the write started {@code lagMs} late; first token 2 ms, done 3 ms after that. */
    private static RequestRecord request(long id, double lagMs) {
        return dev.infergate.analysis.ClientLagTest.lagging(id, lagMs);
    }

    @Test
    void aMissesMargin_isItsOvershootLessItsOwnClientLag() {
        Slo slo = Slo.parse("ttft=3ms");
        // 1: 0.5 ms lag, TTFT from scheduled 2.5 ms: met. 2: 5 ms lag, 7 ms: missed by 4 ms, 5 of them the client's
        Measurement m = Measurement.of(10, List.of(request(1, 0.5), request(2, 5), request(3, 20)), slo);

        assertThat(m.good()).isEqualTo(1);
        assertThat(m.missMarginsMs()).hasSize(2);
        assertThat(m.missMarginsMs()[0]).isCloseTo(-1.0, within(1e-6));
        assertThat(m.missMarginsMs()[1]).isCloseTo(-1.0, within(1e-6));
        assertThat(m.goodAtMost()).as("both misses are the client's own lag").isEqualTo(3);
    }

    @Test
    void missedBy_countsTheLargestOvershoot_andAFailureAsUnexplainable() {
        Slo slo = Slo.parse("ttft=3ms,e2e=4ms");
        RequestRecord late = request(1, 2); // TTFT from scheduled 4 ms (1 over), E2E 5 ms (1 over)
        RequestRecord failed = RequestRecord.builder(2).sentNanos(50_000).doneNanos(1_000_000).status(500)
                .error(dev.infergate.record.ErrorClass.HTTP_5XX).errorDetail("boom").inputTokens(10)
                .outputTokensSource(TokenSource.USAGE).build();

        assertThat(slo.missedByNanos(request(3, 0))).isZero();
        assertThat(slo.missedByNanos(late)).isCloseTo(1_000_000, within(1.0));
        assertThat(slo.missedByNanos(failed)).isInfinite();
    }
}
