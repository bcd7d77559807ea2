package dev.infergate.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How user cancellations enter the figures (docs/metrics.md, "User cancellations"). */
class CancelledFiguresTest {
    private static final long MS = 1_000_000L;

    private static RequestRecord completed(long id) {
        return RequestRecord.builder(id).sentNanos(MS).headersNanos(2 * MS).firstTokenNanos(10 * MS)
                .lastTokenNanos(110 * MS).doneNanos(111 * MS).status(200).inputTokens(20).outputTokens(100)
                .outputTokensSource(TokenSource.USAGE).chunks(100).maxStallNanos(2 * MS).build();
    }

    private static RequestRecord cancelled(long id, long ttftMs) {
        return RequestRecord.builder(id).sentNanos(MS).headersNanos(2 * MS).firstTokenNanos((1 + ttftMs) * MS)
                .lastTokenNanos(40 * MS).doneNanos(41 * MS).status(200).error(ErrorClass.USER_CANCELLED)
                .errorDetail("closed by the client after 40tok (user cancellation)").inputTokens(20).outputTokens(40)
                .outputTokensSource(TokenSource.EVENTS).chunks(40).maxStallNanos(3 * MS).build();
    }

    private static RequestRecord failed(long id) {
        return RequestRecord.builder(id).sentNanos(MS).headersNanos(2 * MS).doneNanos(5 * MS).status(500)
                .error(ErrorClass.HTTP_5XX).errorDetail("boom").inputTokens(20).build();
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
