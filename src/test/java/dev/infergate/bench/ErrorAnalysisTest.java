package dev.infergate.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import org.junit.jupiter.api.Test;

class ErrorAnalysisTest {
    static final long ORIGIN = 1_000_000_000L;

    /** A successful measured record sent at {@code sentRel} (from ORIGIN) with events at the given offsets from sent. */
    static RequestRecord record(long id, Phase phase, long sentRel, long[] offsets, ErrorClass error) {
        long first = offsets.length == 0 ? RequestRecord.ABSENT : sentRel + offsets[0];
        long last = offsets.length == 0 ? RequestRecord.ABSENT : sentRel + offsets[offsets.length - 1];
        return RequestRecord.builder(id).phase(phase).scheduledNanos(sentRel).sentNanos(sentRel)
                .headersNanos(sentRel + 10).firstTokenNanos(first).lastTokenNanos(last)
                .doneNanos(last == RequestRecord.ABSENT ? sentRel : last).status(200).error(error).inputTokens(8)
                .outputTokens(offsets.length).outputTokensSource(TokenSource.USAGE).chunks(offsets.length)
                .eventOffsetsNanos(offsets).build();
    }

    @Test
    void errors_areComputedEventByEventOnTheSharedClock() {
        // sent at ORIGIN+100; server received at ORIGIN+150, asked ttft 1000, itl 500
        // intended writes: 1150, 1650, 2150 (absolute minus ORIGIN); actual: 1160, 1650, 2200
        StreamTruth truth = new StreamTruth(7, ORIGIN + 150, 1000, 500, new long[] {ORIGIN + 1160, ORIGIN + 1650, ORIGIN + 2200});
        // client arrivals (absolute - ORIGIN): 1190, 1660, 2230 -> offsets from sent (100): 1090, 1560, 2130
        ErrorAnalysis a = new ErrorAnalysis();
        a.add(record(7, Phase.MEASURED, 100, new long[] {1090, 1560, 2130}, null), ORIGIN, truth);

        ErrorSummary s = a.summary();
        assertThat(s.compared()).isEqualTo(1);
        assertThat(s.events()).isEqualTo(3);
        // event errors 30, 10, 30
        assertThat(s.eventError()).isEqualTo(new Spread(3, 30, 30, 30, 30));
        // client TTFT 1090 - true TTFT (first write 1160 - sent 100 = 1060) = 30
        assertThat(s.ttftError()).isEqualTo(new Spread(1, 30, 30, 30, 30));
        // the request reached the server 50 after it was sent
        assertThat(s.requestTrip()).isEqualTo(new Spread(1, 50, 50, 50, 50));
        // client gaps 470, 570; true gaps 490, 550 -> -20, +20
        assertThat(s.itlError().count()).isEqualTo(2);
        assertThat(s.itlError().p99AbsNanos()).isEqualTo(20);
        // lateness 10, 0, 50
        assertThat(s.serverLateness()).isEqualTo(new Spread(3, 10, 50, 50, 50));
        // window: sent 100 to last arrival 2230
        assertThat(s.eventsPerSecond()).isEqualTo(3 / (2130e-9));
    }

    @Test
    void warmupRequests_areLeftOut_andEveryOtherReasonIsCounted() {
        StreamTruth truth = new StreamTruth(1, ORIGIN, 0, 0, new long[] {ORIGIN + 10});
        ErrorAnalysis a = new ErrorAnalysis();
        a.add(record(1, Phase.WARMUP, 0, new long[] {20}, null), ORIGIN, truth);
        a.add(record(2, Phase.MEASURED, 0, new long[] {20}, ErrorClass.TIMEOUT_IDLE), ORIGIN, truth);
        a.add(record(3, Phase.MEASURED, 0, new long[] {20}, null), ORIGIN, null);
        a.add(record(4, Phase.MEASURED, 0, new long[] {20, 30}, null), ORIGIN, truth);

        ErrorSummary s = a.summary();
        assertThat(s.compared()).isZero();
        assertThat(s.failed()).isEqualTo(1);
        assertThat(s.withoutTruth()).isEqualTo(1);
        assertThat(s.mismatched()).isEqualTo(1);
        assertThat(s.accurate()).isFalse();
        assertThat(s.eventError()).isEqualTo(Spread.EMPTY);
    }

    @Test
    void accurate_needsEveryRequestComparedAndEachP99WithinOneMillisecond() {
        ErrorAnalysis a = new ErrorAnalysis();
        a.add(record(1, Phase.MEASURED, 0, new long[] {1_000_000}, null), ORIGIN,
                new StreamTruth(1, ORIGIN, 1_000_000, 0, new long[] {ORIGIN + 1_000_000 - 999_000}));
        assertThat(a.summary().accurate()).isTrue();

        ErrorAnalysis late = new ErrorAnalysis();
        late.add(record(1, Phase.MEASURED, 0, new long[] {1_000_000}, null), ORIGIN,
                new StreamTruth(1, ORIGIN, 1_000_000, 0, new long[] {ORIGIN + 1_000_000 - 1_000_001}));
        assertThat(late.summary().eventError().p99AbsNanos()).isEqualTo(1_000_001);
        assertThat(late.summary().accurate()).isFalse();
    }
}
