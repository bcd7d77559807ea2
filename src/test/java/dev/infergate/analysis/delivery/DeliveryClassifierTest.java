package dev.infergate.analysis.delivery;

import static dev.infergate.analysis.delivery.Timelines.MS;
import static dev.infergate.analysis.delivery.Timelines.record;
import static dev.infergate.analysis.delivery.Timelines.steady;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.infergate.record.RequestRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class DeliveryClassifierTest {

    @ParameterizedTest(name = "event offsets kept: {0}")
    @ValueSource(booleans = {true, false})
    void steadyStream_isIncremental(boolean offsets) {
        // the dedicated host: TTFT 1.2 s, then ~77 tok/s, one token per event
        RequestDelivery d = DeliveryClassifier.classify(record(steady(1200 * MS, 167, 13 * MS), 1, MS, offsets));
        assertThat(d.kind()).isEqualTo(DeliveryKind.INCREMENTAL);
        assertThat(d.reason()).isEqualTo(DeliveryReason.NONE);
        assertThat(d.ttftShareOfE2e()).isCloseTo(1.2 / (1.2 + 166 * 0.013 + 0.001), within(0.01));
        assertThat(d.fromEventOffsets()).isEqualTo(offsets);
    }

    @ParameterizedTest(name = "event offsets kept: {0}")
    @ValueSource(booleans = {true, false})
    void answerDumpedAfterTenSilentSeconds_isBuffered(boolean offsets) {
        // the managed endpoint: nothing for 10 s, then every event within a millisecond
        RequestRecord r = record(steady(10_000 * MS, 150, 5_000), 1, 100_000, offsets);
        RequestDelivery d = DeliveryClassifier.classify(r);
        assertThat(d.kind()).isEqualTo(DeliveryKind.BUFFERED);
        assertThat(d.reason()).isEqualTo(offsets ? DeliveryReason.FIRST_LUMP : DeliveryReason.LATE_LUMP);
        assertThat(d.tailShare()).isEqualTo(1.0);
        assertThat(d.ttftShareOfE2e()).isGreaterThan(0.99);
    }

    @Test
    void lumpSpreadOverAFewMilliseconds_isBufferedByItsLateArrival() {
        // 400 events dumped over 40 ms at the end: too slow for the first-lump rule, still 10,000 tok/s
        RequestDelivery d = DeliveryClassifier.classify(record(steady(8_000 * MS, 400, 100_000), 1, MS, true));
        assertThat(d.kind()).isEqualTo(DeliveryKind.BUFFERED);
        assertThat(d.reason()).isEqualTo(DeliveryReason.LATE_LUMP);
        assertThat(d.firstLumpShare()).isLessThan(DeliveryClassifier.FIRST_LUMP_SHARE);
    }

    @Test
    void wholeAnswerInOneEvent_isBuffered() {
        RequestDelivery d = DeliveryClassifier.classify(record(new long[] {3_000 * MS}, 200, MS, false));
        assertThat(d.kind()).isEqualTo(DeliveryKind.BUFFERED);
        assertThat(d.reason()).isEqualTo(DeliveryReason.SINGLE_EVENT);
        assertThat(d.tokensPerChunk()).isEqualTo(200.0);
    }

    @Test
    void shortAnswerAfterALongPrefill_isIncrementalNotBuffered() {
        // 16 tokens at 50 tok/s after a 10 s prefill: all output in the last 5 % of the time, at a decoder's pace
        RequestDelivery d = DeliveryClassifier.classify(record(steady(10_000 * MS, 16, 20 * MS), 1, MS, true));
        assertThat(d.tailShare()).isGreaterThanOrEqualTo(DeliveryClassifier.LATE_SHARE);
        assertThat(d.kind()).isEqualTo(DeliveryKind.INCREMENTAL);
    }

    @Test
    void manyTokensPerEvent_isBurstyAsCoarseChunks() {
        RequestDelivery d = DeliveryClassifier.classify(record(steady(500 * MS, 10, 250 * MS), 16, MS, true));
        assertThat(d.kind()).isEqualTo(DeliveryKind.BURSTY);
        assertThat(d.reason()).isEqualTo(DeliveryReason.COARSE_CHUNKS);
    }

    @Test
    void eventsArrivingInClusters_areBursty() {
        // a proxy flushing every 250 ms: groups of 20 events in one read
        long[] offsets = new long[200];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = 300 * MS + (i / 20) * 250 * MS + (i % 20) * 2_000;
        }
        RequestDelivery d = DeliveryClassifier.classify(record(offsets, 1, MS, true));
        assertThat(d.kind()).isEqualTo(DeliveryKind.BURSTY);
        assertThat(d.reason()).isEqualTo(DeliveryReason.CLUSTERED);
    }

    @Test
    void streamThatFreezesForThreeSeconds_isBurstyAsStalled() {
        long[] offsets = steady(400 * MS, 120, 20 * MS);
        for (int i = 60; i < offsets.length; i++) {
            offsets[i] += 3_000 * MS;
        }
        RequestDelivery d = DeliveryClassifier.classify(record(offsets, 1, MS, false));
        assertThat(d.kind()).isEqualTo(DeliveryKind.BURSTY);
        assertThat(d.reason()).isEqualTo(DeliveryReason.STALL);
        assertThat(d.maxStallNanos()).isEqualTo(3_020 * MS);
    }

    @Test
    void slowButSteadyDecoder_isNotStalled() {
        // 1.5 s between tokens, every time: slow, not frozen
        RequestDelivery d = DeliveryClassifier.classify(record(steady(400 * MS, 12, 1_500 * MS), 1, MS, false));
        assertThat(d.kind()).isEqualTo(DeliveryKind.INCREMENTAL);
    }

    @Test
    void fewTokensOrFailure_isUndetermined() {
        assertThat(DeliveryClassifier.classify(record(new long[] {90 * MS}, 3, MS, true)).kind())
                .isEqualTo(DeliveryKind.UNDETERMINED);
        RequestDelivery failed = DeliveryClassifier.classify(Timelines.failed());
        assertThat(failed.kind()).isEqualTo(DeliveryKind.UNDETERMINED);
        assertThat(failed.reason()).isEqualTo(DeliveryReason.TOO_SHORT);
    }

    @Test
    void tailShare_isEstimatedFromFirstAndLastTokenWithoutOffsets() {
        // sent 0, first 0, last 100, done 100: the last 5 ms hold 5 % of an even spread
        assertThat(DeliveryClassifier.tailShare(0, 0, 100, 100, null)).isCloseTo(0.05, within(1e-9));
        assertThat(DeliveryClassifier.tailShare(0, 96, 100, 100, null)).isEqualTo(1.0);
        assertThat(DeliveryClassifier.tailShare(0, 10, 50, 100, null)).isEqualTo(0.0);
        assertThat(DeliveryClassifier.tailShare(0, 10, 50, 100, new long[] {10, 96, 97, 99})).isEqualTo(0.75);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chat_stream", "completions_stream", "chat_stream_without_stream_options"})
    void capturedLlamaServerStreams_areIncremental(String fixture) {
        RequestRecord r = Timelines.fromFixture(fixture, true);
        RequestDelivery d = DeliveryClassifier.classify(r);
        assertThat(r.events().chunks()).isGreaterThan(50);
        assertThat(d.kind()).as("%s: %s", fixture, d).isEqualTo(DeliveryKind.INCREMENTAL);
        assertThat(d.tailShare()).isLessThan(0.2);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chat_stream", "completions_stream"})
    void capturedStreamsHeldBackUntilTheEnd_areBuffered(String fixture) {
        RequestDelivery d = DeliveryClassifier.classify(Timelines.fromFixtureBuffered(fixture));
        assertThat(d.kind()).as("%s", d).isEqualTo(DeliveryKind.BUFFERED);
        assertThat(d.firstLumpShare()).isEqualTo(1.0);
    }

    @Test
    void capturedStreamThatFailedMidway_isUndetermined() {
        RequestRecord r = Timelines.fromFixture("error_chat_stream_midstream_500", true);
        assertThat(r.succeeded()).isFalse();
        assertThat(DeliveryClassifier.classify(r).kind()).isEqualTo(DeliveryKind.UNDETERMINED);
    }
}
