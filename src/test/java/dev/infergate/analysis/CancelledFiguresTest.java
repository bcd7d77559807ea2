package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How user cancellations enter the figures (docs/metrics.md, "User cancellations"). */
class CancelledFiguresTest {
    private static final long MS = 1_000_000L;

    private static RequestRecord completed(long id) {
        return new RequestRecord(id, 0, Phase.MEASURED, null, null, -1, 0, MS, 2 * MS, 10 * MS, 110 * MS, 111 * MS, 200, null,
                null, -1, 20, 100, TokenSource.USAGE, -1, 100, 2 * MS, null, null);
    }

    private static RequestRecord cancelled(long id, long ttftMs) {
        return new RequestRecord(id, 0, Phase.MEASURED, null, null, -1, 0, MS, 2 * MS, (1 + ttftMs) * MS, 40 * MS, 41 * MS, 200,
                ErrorClass.USER_CANCELLED, "closed by the client after 40tok (user cancellation)", -1, 20, 40, TokenSource.EVENTS,
                -1, 40, 3 * MS, null, null);
    }

    private static RequestRecord failed(long id) {
        return new RequestRecord(id, 0, Phase.MEASURED, null, null, -1, 0, MS, 2 * MS, RequestRecord.ABSENT,
                RequestRecord.ABSENT, 5 * MS, 500, ErrorClass.HTTP_5XX, "boom", -1, 20, 0, TokenSource.NONE, -1, 0,
                RequestRecord.ABSENT, null, null);
    }

    @Test
    void aCancelledRequest_isNeitherCompletedNorFailed_andLeavesTheErrorAndAttainmentDenominators() {
        Figures f = new Figures(new Slo(Duration.ofSeconds(2), null, null));
        f.add(completed(0), null);
        f.add(completed(1), null);
        f.add(failed(2), null);
        f.add(cancelled(3, 30), null);
        FigureSet s = f.figures(0);
        assertThat(s.requests()).isEqualTo(new FigureSet.Requests(4, 2, 1, 0, 1, 0.25));
        assertThat(s.requests().counted()).isEqualTo(3);
        assertThat(s.errors()).containsOnlyKeys("http_5xx");
        assertThat(s.errorRate()).as("1 failed of 3 not cancelled").isCloseTo(1.0 / 3, org.assertj.core.api.Assertions.within(1e-6));
        assertThat(s.goodput().attainment()).as("2 good of 3 not cancelled").isEqualTo(0.6667);
        assertThat(s.tokens().outputTotal()).as("only completed answers' tokens").isEqualTo(200);
    }

    @Test
    void aCancelledRequest_countsItsTtftButNoE2e() {
        Figures f = new Figures(Slo.NONE);
        f.add(completed(0), null);
        f.add(cancelled(1, 30), null);
        FigureSet s = f.figures(0);
        assertThat(s.latencyMs().get(Metric.TTFT).count()).isEqualTo(2);
        assertThat(s.latencyMs().get(Metric.TTFT).max()).isGreaterThanOrEqualTo(29.9);
        assertThat(s.latencyMs().get(Metric.E2E).count()).isEqualTo(1);
        assertThat(s.latencyMs().get(Metric.TPOT).count()).isEqualTo(1);
    }

    @Test
    void withoutCancellations_theCountsStayAsTheyWere() {
        Figures f = new Figures(Slo.NONE);
        f.add(completed(0), null);
        f.add(failed(1), null);
        FigureSet s = f.figures(0);
        assertThat(s.requests()).isEqualTo(new FigureSet.Requests(2, 1, 1, 0));
        assertThat(s.requests().cancelledShare()).isNull();
        assertThat(s.errorRate()).isEqualTo(0.5);
    }
}
