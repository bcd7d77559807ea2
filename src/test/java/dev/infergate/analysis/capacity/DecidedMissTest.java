package dev.infergate.analysis.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Slo;
import dev.infergate.record.ErrorClass;
import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When a capacity probe may stop waiting for its backlog: only once its miss holds whatever the rest do. */
class DecidedMissTest {
    private static final Slo SLO = Slo.parse("ttft=100ms");

    /** A measured (or warm-up) request whose first token came {@code ttftMs} after it was scheduled, or one that ended in {@code error}. */
    private static RequestRecord request(long id, Phase phase, double ttftMs, ErrorClass error) {
        long ttft = Math.round(ttftMs * 1e6);
        if (error != null) {
            return RequestRecord.builder(id).phase(phase).scheduledNanos(0).sentNanos(50_000).doneNanos(1_000_000)
                    .error(error).errorDetail("cut").inputTokens(10).build();
        }
        return RequestRecord.builder(id).phase(phase).scheduledNanos(0).sentNanos(50_000).headersNanos(ttft - 100_000)
                .firstTokenNanos(ttft).lastTokenNanos(ttft + 2_000_000).doneNanos(ttft + 2_000_000).status(200)
                .inputTokens(10).outputTokens(2).outputTokensSource(TokenSource.USAGE).chunks(2).maxStallNanos(1_000_000)
                .build();
    }

    @Test
    void aMissIsDecided_onlyWhenEvenEveryOutstandingRequestMeetingTheSloLeavesTheIntervalBelowTheTarget() {
        DecidedMiss d = new DecidedMiss(SLO, 0.95, 100);
        for (int i = 0; i < 60; i++) {
            d.recorded(request(i, Phase.MEASURED, 50, null));
        }
        assertThat(d.decided()).as("no miss yet").isFalse();
        for (int i = 60; i < 70; i++) {
            d.recorded(request(i, Phase.MEASURED, 500, null));
        }
        // 60 good, 10 missed, 30 out: at best 90 of 100, Wilson upper 94.5 %: just below 95 %
        assertThat(d.decided()).isTrue();
        assertThat(d.reason()).contains("60 met the SLO, 10 missed it by more than 50 ms, 0 by less, 30 still out")
                .contains("at most 90.0 %");
    }

    @Test
    void aMissBySoLittleThatALateMachineMayExplainIt_countsAsPossiblyGood() {
        DecidedMiss d = new DecidedMiss(SLO, 0.95, 100);
        for (int i = 0; i < 60; i++) {
            d.recorded(request(i, Phase.MEASURED, 50, null));
        }
        for (int i = 60; i < 70; i++) {
            d.recorded(request(i, Phase.MEASURED, 140, null)); // 40 ms over a 100 ms target: within half of it
        }
        assertThat(d.decided()).isFalse();
        d.recorded(request(70, Phase.MEASURED, 0, ErrorClass.HTTP_5XX)); // a failure is a clear miss
        assertThat(d.decided()).isFalse();
    }

    @Test
    void aFewMissesWithManyOutstanding_decideNothing_andWarmupRecordsDoNotCount() {
        DecidedMiss d = new DecidedMiss(SLO, 0.95, 100);
        for (int i = 0; i < 50; i++) {
            d.recorded(request(i, Phase.WARMUP, 900, null)); // the warm-up's misses are not the probe's
        }
        for (int i = 0; i < 4; i++) {
            d.recorded(request(i, Phase.MEASURED, 500, null));
        }
        assertThat(d.decided()).as("96 of 100 may still meet it").isFalse();
    }

    @Test
    void requestsCancelledByTheDecision_leaveItDecided_andAUsersCancellationLeavesTheCount() {
        DecidedMiss d = new DecidedMiss(SLO, 0.9, 40);
        for (int i = 0; i < 20; i++) {
            d.recorded(request(i, Phase.MEASURED, 500, null));
        }
        assertThat(d.decided()).isTrue();
        for (int i = 20; i < 40; i++) {
            d.recorded(request(i, Phase.MEASURED, 0, ErrorClass.CANCELLED));
        }
        assertThat(d.decided()).isTrue();

        DecidedMiss users = new DecidedMiss(SLO, 0.9, 40);
        users.recorded(request(0, Phase.MEASURED, 500, null));
        users.recorded(request(1, Phase.MEASURED, 500, null));
        for (int i = 2; i < 40; i++) {
            users.recorded(request(i, Phase.MEASURED, 0, ErrorClass.USER_CANCELLED));
        }
        assertThat(users.decided()).as("0 of 2 counted").isTrue();
    }

    @Test
    void aRequestCutShort_countsAsAMiss_butALateMachinesBoundCountsItAsPossiblyGood() {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            records.add(request(i, Phase.MEASURED, 50, null));
        }
        records.add(request(8, Phase.MEASURED, 0, ErrorClass.CANCELLED));
        records.add(request(9, Phase.MEASURED, 0, ErrorClass.CANCELLED));
        Measurement m = Measurement.of(10, records, SLO);

        assertThat(m.sent()).isEqualTo(10);
        assertThat(m.good()).isEqualTo(8);
        assertThat(m.goodAtMost()).isEqualTo(10);
    }
}
