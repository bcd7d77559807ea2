package dev.infergate.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class RecordCodecTest {

    static RequestRecord sample(long id, ErrorClass error, int cached) {
        String itl = new ItlCodec().encode(new int[] {20_000, 21_000, 19_500}, 3);
        return RequestRecord.builder(id).worker(1).condition("short-chat").scheduledNanos(1_000).sentNanos(1_500)
                .headersNanos(2_000).firstTokenNanos(50_000_000).lastTokenNanos(110_000_000).doneNanos(111_000_000)
                .status(200).error(error).errorDetail(error == null ? null : "boom").inputTokens(512).outputTokens(4)
                .outputTokensSource(TokenSource.USAGE).cachedTokens(cached).chunks(4).maxStallNanos(21_000_000)
                .itlHistogram(itl).eventOffsetsNanos(new long[] {1, 2, 3}).build();
    }

    @Test
    void roundTrip_keepsEveryField() {
        RequestRecord r = sample(7, null, 128);
        RequestRecord back = RecordCodec.fromJson(RecordCodec.toJson(r));
        assertThat(back).usingRecursiveComparison().isEqualTo(r);
    }

    @Test
    void roundTrip_keepsTheClientRetryItsDelayConnectionsAndIntendedInput() {
        RequestRecord r = sample(8, null, 0);
        RequestRecord withRetry = RequestRecord.builder(r.id()).worker(r.worker()).phase(r.phase())
                .condition(r.condition()).session(r.session()).turn(r.turn()).scheduledNanos(r.marks().scheduledNanos())
                .sentNanos(r.marks().sentNanos()).headersNanos(r.marks().headersNanos()).firstTokenNanos(r.marks().firstTokenNanos())
                .lastTokenNanos(r.marks().lastTokenNanos()).doneNanos(r.marks().doneNanos()).status(r.outcome().status()).error(r.outcome().error())
                .errorDetail(r.outcome().errorDetail()).retryAfterSeconds(r.outcome().retryAfterSeconds()).inputTokens(r.tokens().input())
                .outputTokens(r.tokens().output()).outputTokensSource(r.tokens().outputSource())
                .cachedTokens(r.tokens().cached()).chunks(r.events().chunks()).maxStallNanos(r.events().maxStallNanos())
                .itlHistogram(r.events().itlHistogram()).eventOffsetsNanos(r.events().eventOffsetsNanos()).clientRetries(1)
                .clientRetryDelayNanos(2_500_000).connectionsOpened(2).intendedInputTokens(500).build();
        String json = RecordCodec.toJson(withRetry);
        assertThat(json).contains("\"client_retries\":1", "\"client_retry_delay_ns\":2500000", "\"connections_opened\":2",
                "\"intended_input_tokens\":500");
        assertThat(RecordCodec.fromJson(json)).usingRecursiveComparison().isEqualTo(withRetry);
        // a record of an older log has none of them: no retry, connections and intended input unknown
        assertThat(RecordCodec.toJson(r)).doesNotContain("client_retries", "connections_opened");
        assertThat(RecordCodec.fromJson(RecordCodec.toJson(r)).client().connectionsOpened()).isEqualTo(-1);
    }

    @Test
    void warm_takesAtLeastHalfThePromptFromCache() {
        assertThat(sample(1, null, 256).warmCache()).isTrue(); // 256 of 512
        assertThat(sample(1, null, 255).warmCache()).isFalse();
        assertThat(sample(1, null, 10).warmCache()).as("a chat template's first tokens").isFalse();
        assertThat(sample(1, null, -1).warmCache()).as("not reported").isFalse();
    }

    @Test
    void roundTrip_keepsFailuresAndAbsentMarks() {
        RequestRecord r = RequestRecord.builder(3).phase(Phase.WARMUP).session("s1").turn(2).scheduledNanos(10)
                .doneNanos(99).error(ErrorClass.CONNECT).errorDetail("connection refused").build();
        String json = RecordCodec.toJson(r);
        assertThat(json).doesNotContain("sent_ns").contains("\"outcome\":\"connect\"");
        assertThat(RecordCodec.fromJson(json)).usingRecursiveComparison().isEqualTo(r);
    }

    @Test
    void itlHistogram_decodesToTheRecordedGaps() {
        Histogram h = ItlCodec.decode(sample(1, null, 0).events().itlHistogram());
        assertThat(h.getTotalCount()).isEqualTo(3);
        // 3 significant digits: every value within 0.1 %
        assertThat(h.getMaxValue()).isBetween(20_979L, 21_021L);
        assertThat(h.getMinValue()).isBetween(19_480L, 19_520L);
    }

    @Test
    void fromJson_namesTheMissingField() {
        assertThatThrownBy(() -> RecordCodec.fromJson("{\"scheduled_ns\": 5}")).hasMessageContaining("'id'");
        assertThatThrownBy(() -> RecordCodec.fromJson("{\"id\": 5")).hasMessageContaining("not valid JSON");
    }

    @Test
    void derivedFigures_followMetricsDefinitions() {
        RequestRecord r = sample(1, null, 0);
        assertThat(r.queueWaitNanos()).isEqualTo(500);
        assertThat(r.ttftNanos()).isEqualTo(50_000_000 - 1_500);
        assertThat(r.ttftFromScheduledNanos()).isEqualTo(50_000_000 - 1_000);
        assertThat(r.e2eNanos()).isEqualTo(111_000_000 - 1_500);
        assertThat(r.tpotNanos()).isEqualTo(60_000_000 / 3.0);
        assertThat(r.effectiveTokensPerSecond()).isEqualTo(4 / 0.060, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void tpot_isUndefinedForOneOutputToken() {
        RequestRecord r = RequestRecord.builder(1).sentNanos(0).headersNanos(1).firstTokenNanos(5).lastTokenNanos(5)
                .doneNanos(6).status(200).inputTokens(3).outputTokens(1).outputTokensSource(TokenSource.USAGE)
                .chunks(1).build();
        assertThat(r.tpotNanos()).isNaN();
        assertThat(r.effectiveTokensPerSecond()).isNaN();
    }

    /** A record with the client-side marks: scheduled 1,000, slot free 4,000, connection after 500, write 6,000..6,100. */
    static RequestRecord withClientMarks(long slot, long dispatch, long connectWait, long sent) {
        return RequestRecord.builder(9).scheduledNanos(1_000).sentNanos(sent).headersNanos(10_000)
                .firstTokenNanos(20_000).lastTokenNanos(30_000).doneNanos(40_000).status(200).inputTokens(10)
                .outputTokens(3).outputTokensSource(TokenSource.USAGE).chunks(3).maxStallNanos(5_000).slotNanos(slot)
                .dispatchNanos(dispatch).connectWaitNanos(connectWait).build();
    }

    @Test
    void roundTrip_keepsTheClientMarks() {
        RequestRecord r = withClientMarks(4_000, 6_000, 500, 6_100);
        String json = RecordCodec.toJson(r);
        assertThat(json).contains("\"slot_ns\":4000", "\"dispatch_ns\":6000", "\"connect_wait_ns\":500", "\"sent_ns\":6100");
        assertThat(RecordCodec.fromJson(json)).usingRecursiveComparison().isEqualTo(r);
    }

    @Test
    void olderLines_decodeWithoutClientMarks_andKeepTheirQueueWait() {
        String old = "{\"id\":1,\"worker\":0,\"phase\":\"measured\",\"outcome\":\"ok\",\"scheduled_ns\":1000,"
                + "\"sent_ns\":2500,\"first_token_ns\":9000,\"done_ns\":9500,\"output_tokens\":1,\"chunks\":1}";
        RequestRecord r = RecordCodec.fromJson(old);
        assertThat(r.marks().slotNanos()).isEqualTo(RequestRecord.ABSENT);
        assertThat(r.marks().dispatchNanos()).isEqualTo(RequestRecord.ABSENT);
        assertThat(r.queueWaitNanos()).isEqualTo(1_500); // as those logs meant it: sent - scheduled
        assertThat(r.clientLagNanos()).isEqualTo(RequestRecord.ABSENT);
        assertThat(r.writeNanos()).isEqualTo(RequestRecord.ABSENT);
    }

    @Test
    void queueWait_isTheWaitForASlot_andLagWhatRemainsLessTheConnection() {
        RequestRecord r = withClientMarks(4_000, 6_000, 500, 6_100);
        assertThat(r.queueWaitNanos()).isEqualTo(3_000);
        assertThat(r.clientLagNanos()).isEqualTo(6_000 - 4_000 - 500);
        assertThat(r.writeNanos()).isEqualTo(100);
        assertThat(r.ttftNanos()).isEqualTo(20_000 - 6_100);
    }

    @Test
    void lag_countsFromTheScheduledTime_whenASlotWasFree() {
        RequestRecord r = withClientMarks(1_000, 3_000, RequestRecord.ABSENT, 3_050);
        assertThat(r.queueWaitNanos()).isZero();
        assertThat(r.clientLagNanos()).isEqualTo(2_000);
    }

    @Test
    void aRetrysLostTime_isTheRetrys_notClientLag() {
        // first attempt written at 4,500 on a stale connection, lost; the retry written at 6,000 after 200 of connect
        RequestRecord r = RequestRecord.builder(9).scheduledNanos(1_000).sentNanos(6_100).headersNanos(10_000)
                .firstTokenNanos(20_000).lastTokenNanos(30_000).doneNanos(40_000).status(200).inputTokens(10)
                .outputTokens(3).outputTokensSource(TokenSource.USAGE).chunks(3).maxStallNanos(5_000).clientRetries(1)
                .clientRetryDelayNanos(1_500).connectionsOpened(1).slotNanos(4_000).dispatchNanos(6_000)
                .connectWaitNanos(200).build();
        assertThat(r.clientLagNanos()).isEqualTo(6_000 - 4_000 - 200 - 1_500);
    }
}
