package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.ErrorClass;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Synthetic streams fed read by read with chosen times (ms here, for readability). */
class StreamTimelineTest {

    private static final long MS = 1_000_000L;

    private static String content(String text) {
        return "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + text + "\"},\"finish_reason\":null}]}\n\n";
    }

    private static final String ROLE = "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":null}}]}\n\n";
    private static final String FINISH = "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n";
    private static final String DONE = "data: [DONE]\n\n";

    private final StreamTimeline timeline = new StreamTimeline(true, true);

    private void start() {
        timeline.onSent(100 * MS);
        timeline.onHeaders(200, 101 * MS);
    }

    private void read(long ms, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        timeline.onBytes(bytes, 0, bytes.length, ms * MS);
    }

    @Test
    void ttft_ignoresRoleOnlyEvents() {
        start();
        read(110, ROLE);
        read(150, content("Hi"));
        read(160, FINISH + DONE);
        timeline.onEnd(161 * MS);
        StreamResult r = timeline.result();
        assertThat(r.marks().firstTokenNanos()).isEqualTo(150 * MS);
        assertThat(r.marks().lastTokenNanos()).isEqualTo(150 * MS);
        assertThat(r.marks().doneNanos()).isEqualTo(160 * MS);
        assertThat(r.events().chunks()).isEqualTo(1);
        assertThat(r.events().itlGapsMicros()).isEmpty();
        assertThat(r.events().maxStallNanos()).isEqualTo(StreamResult.ABSENT);
        assertThat(r.outcome().failure()).isNull();
        assertThat(r.outcome().finishReason()).isEqualTo("stop");
    }

    @Test
    void itl_hasOneGapPerConsecutivePairOfOutputEvents_inMicroseconds() {
        start();
        read(110, content("a") + content("b"));
        read(125, content("c"));
        read(175, content("d") + DONE);
        timeline.onEnd(176 * MS);
        StreamResult r = timeline.result();
        assertThat(r.events().chunks()).isEqualTo(4);
        assertThat(r.events().itlGapsMicros()).containsExactly(0, 15_000, 50_000);
        assertThat(r.events().maxStallNanos()).isEqualTo(50 * MS);
        assertThat(r.events().eventOffsetsNanos()).containsExactly(10 * MS, 10 * MS, 25 * MS, 75 * MS);
        assertThat(r.outputText()).isEqualTo("abcd");
    }

    @Test
    void eventTime_isTheReadThatCompletedTheEvent_notTheReadWhereItBegan() {
        start();
        String event = content("late");
        read(110, event.substring(0, 20));
        read(140, event.substring(20, event.length() - 1));
        read(190, "\n" + DONE);
        timeline.onEnd(191 * MS);
        assertThat(timeline.result().marks().firstTokenNanos()).isEqualTo(190 * MS);
    }

    @Test
    void keepAliveComments_doNotCountAsOutput_andDoNotResetItl() {
        start();
        read(110, ": keep-alive\n\n");
        read(120, content("a"));
        read(140, ": ping\n\n");
        read(160, ": ping\n\ndata:\n\n");
        read(180, content("b") + DONE);
        timeline.onEnd(181 * MS);
        StreamResult r = timeline.result();
        assertThat(r.marks().firstTokenNanos()).isEqualTo(120 * MS);
        assertThat(r.events().chunks()).isEqualTo(2);
        assertThat(r.events().itlGapsMicros()).containsExactly(60_000);
        assertThat(r.outcome().failure()).isNull();
    }

    @Test
    void crlfStream_isDecodedLikeLf() {
        start();
        read(110, (ROLE + content("a") + content("b") + FINISH + DONE).replace("\n", "\r\n"));
        timeline.onEnd(111 * MS);
        StreamResult r = timeline.result();
        assertThat(r.events().chunks()).isEqualTo(2);
        assertThat(r.outcome().doneSeen()).isTrue();
        assertThat(r.outcome().failure()).isNull();
    }

    @Test
    void multiTokenChunks_countOnceEach_andKeepAllTheirText() {
        start();
        read(110, content("Once upon a time"));
        read(130, content(", in a village"));
        read(131, DONE);
        timeline.onEnd(132 * MS);
        StreamResult r = timeline.result();
        assertThat(r.events().chunks()).isEqualTo(2);
        assertThat(r.outputText()).isEqualTo("Once upon a time, in a village");
        assertThat(r.hasUsage()).isFalse();
    }

    @Test
    void outputLumpedIntoOneFinalEvent_isOneChunkWithNoGaps() {
        start();
        read(110, ROLE);
        read(900, content("the whole answer at once") + FINISH + DONE);
        timeline.onEnd(901 * MS);
        StreamResult r = timeline.result();
        assertThat(r.events().chunks()).isEqualTo(1);
        assertThat(r.marks().firstTokenNanos()).isEqualTo(r.marks().lastTokenNanos()).isEqualTo(900 * MS);
        assertThat(r.events().itlGapsMicros()).isEmpty();
    }

    @Test
    void reasoningAndToolCallEvents_areOutput_andCounted() {
        start();
        read(110, "data: {\"choices\":[{\"index\":0,\"delta\":{\"reasoning_content\":\"hm\"}}]}\n\n");
        read(120, "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"name\":\"f\",\"arguments\":\"{}\"}}]}}]}\n\n");
        read(130, FINISH + DONE);
        timeline.onEnd(131 * MS);
        StreamResult r = timeline.result();
        assertThat(r.events().chunks()).isEqualTo(2);
        assertThat(r.events().reasoningEvents()).isEqualTo(1);
        assertThat(r.events().toolCallEvents()).isEqualTo(1);
        assertThat(r.outputText()).isEqualTo("hm{}");
    }

    @Test
    void continuousUsage_keepsTheLastUsage() {
        start();
        read(110, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":1}}\n\n");
        read(120, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"b\"}}],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":2,"
                + "\"prompt_tokens_details\":{\"cached_tokens\":4}}}\n\n" + DONE);
        timeline.onEnd(121 * MS);
        StreamResult r = timeline.result();
        assertThat(r.usage().completionTokens()).isEqualTo(2);
        assertThat(r.usage().promptTokens()).isEqualTo(5);
        assertThat(r.usage().cachedTokens()).isEqualTo(4);
    }

    @Test
    void httpErrorStatus_isClassifiedByStatus_withTheErrorMessage() {
        timeline.onSent(0);
        timeline.onHeaders(429, MS);
        read(2, "{\"error\":{\"message\":\"slow down\",\"type\":\"rate_limit\"}}");
        timeline.onEnd(3 * MS);
        StreamResult r = timeline.result();
        assertThat(r.outcome().failure()).isEqualTo(ErrorClass.HTTP_429);
        assertThat(r.outcome().errorDetail()).isEqualTo("HTTP 429: slow down");
        assertThat(r.events().chunks()).isZero();
    }

    @Test
    void httpErrorWithALongPlainBody_keepsAShortDetail() {
        timeline.onHeaders(503, MS);
        read(2, "x".repeat(5000));
        timeline.onEnd(3 * MS);
        StreamResult r = timeline.result();
        assertThat(r.outcome().failure()).isEqualTo(ErrorClass.HTTP_5XX);
        assertThat(r.outcome().errorDetail()).startsWith("HTTP 503: xxx").hasSizeLessThanOrEqualTo(StreamTimeline.MAX_DETAIL_CHARS);
    }

    @Test
    void errorObjectInA200Stream_isAStreamError() {
        start();
        read(110, content("a"));
        read(120, "data: {\"error\":{\"code\":500,\"message\":\"boom\",\"type\":\"server_error\"}}\n\n");
        timeline.onEnd(121 * MS);
        StreamResult r = timeline.result();
        assertThat(r.outcome().failure()).isEqualTo(ErrorClass.STREAM_ERROR);
        assertThat(r.outcome().errorDetail()).isEqualTo("boom");
        assertThat(r.events().chunks()).isEqualTo(1);
    }

    @Test
    void legacyLlamaCppErrorLine_isAStreamError() {
        start();
        read(110, "error: {\"code\":500,\"message\":\"slot unavailable\",\"type\":\"server_error\"}\n\n");
        timeline.onEnd(111 * MS);
        StreamResult r = timeline.result();
        assertThat(r.outcome().failure()).isEqualTo(ErrorClass.STREAM_ERROR);
        assertThat(r.outcome().errorDetail()).contains("slot unavailable");
    }

    @Test
    void errorTypedEvent_isAStreamError_whateverItsData() {
        start();
        read(110, content("a") + "event: error\ndata: {\"detail\":\"overloaded\"}\n\n");
        timeline.onEnd(111 * MS);
        StreamResult r = timeline.result();
        assertThat(r.outcome().failure()).isEqualTo(ErrorClass.STREAM_ERROR);
        assertThat(r.outcome().errorDetail()).contains("overloaded");
    }

    @Test
    void malformedEvent_isClassified_butLaterEventsAreStillTimed() {
        start();
        read(110, content("a"));
        read(120, "data: {not json\n\n");
        read(130, content("b") + DONE);
        timeline.onEnd(131 * MS);
        StreamResult r = timeline.result();
        assertThat(r.outcome().failure()).isEqualTo(ErrorClass.MALFORMED);
        assertThat(r.events().malformedEvents()).isEqualTo(1);
        assertThat(r.events().chunks()).isEqualTo(2);
        assertThat(r.marks().lastTokenNanos()).isEqualTo(130 * MS);
        assertThat(r.outcome().errorDetail()).contains("{not json");
    }

    @Test
    void streamEndingWithoutDoneOrFinishReason_isIncomplete_doneAtTheEndOfBody() {
        start();
        read(110, content("a"));
        timeline.onEnd(150 * MS);
        StreamResult r = timeline.result();
        assertThat(r.outcome().failure()).isEqualTo(ErrorClass.INCOMPLETE);
        assertThat(r.marks().doneNanos()).isEqualTo(150 * MS);
        assertThat(r.outcome().doneSeen()).isFalse();
    }

    @Test
    void streamEndingWithoutDone_afterAFinishReason_isAccepted() {
        start();
        read(110, content("a") + FINISH);
        timeline.onEnd(150 * MS);
        StreamResult r = timeline.result();
        assertThat(r.outcome().failure()).isNull();
        assertThat(r.outcome().doneSeen()).isFalse();
        assertThat(r.marks().doneNanos()).isEqualTo(150 * MS);
    }

    @Test
    void bodyCutInsideAnEvent_isIncomplete_evenAfterAFinishReason() {
        start();
        read(110, content("a") + FINISH + "data: {\"choices\":[],\"usa");
        timeline.onEnd(150 * MS);
        assertThat(timeline.result().outcome().failure()).isEqualTo(ErrorClass.INCOMPLETE);
    }

    @Test
    void eventsAfterDone_areIgnored() {
        start();
        read(110, content("a") + DONE + content("b"));
        timeline.onEnd(150 * MS);
        StreamResult r = timeline.result();
        assertThat(r.events().chunks()).isEqualTo(1);
        assertThat(r.marks().doneNanos()).isEqualTo(110 * MS);
    }

    @Test
    void jsonBodyInsteadOfAStream_isAStreamErrorWhenItIsAnError_elseMalformed() {
        start();
        read(110, "{\"error\":{\"message\":\"context too long\"}}");
        timeline.onEnd(111 * MS);
        assertThat(timeline.result().outcome().failure()).isEqualTo(ErrorClass.STREAM_ERROR);

        StreamTimeline other = new StreamTimeline(true, false);
        other.onHeaders(200, 0);
        byte[] json = "{\"choices\":[{\"message\":{\"content\":\"x\"}}]}".getBytes(StandardCharsets.UTF_8);
        other.onBytes(json, 0, json.length, 5);
        other.onEnd(6);
        assertThat(other.result().outcome().failure()).isEqualTo(ErrorClass.MALFORMED);
        assertThat(other.result().outcome().errorDetail()).startsWith("not an SSE stream");
    }

    @Test
    void abortedByTheCaller_resultIsNotEnded_andIncomplete() {
        start();
        read(110, content("a"));
        StreamResult r = timeline.result();
        assertThat(r.outcome().ended()).isFalse();
        assertThat(r.outcome().failure()).isEqualTo(ErrorClass.INCOMPLETE);
        assertThat(r.marks().doneNanos()).isEqualTo(StreamResult.ABSENT);
        assertThat(r.marks().firstTokenNanos()).isEqualTo(110 * MS);
    }

    @Test
    void eventOffsets_areNotKept_unlessAsked() {
        StreamTimeline t = new StreamTimeline(true, false);
        t.onSent(0);
        t.onHeaders(200, 0);
        byte[] b = (content("a") + DONE).getBytes(StandardCharsets.UTF_8);
        t.onBytes(b, 0, b.length, 7);
        t.onEnd(8);
        assertThat(t.result().events().eventOffsetsNanos()).isNull();
    }

    @Test
    void randomBytes_neverThrow() {
        Random random = new Random(42);
        for (int i = 0; i < 500; i++) {
            StreamTimeline t = new StreamTimeline(random.nextBoolean(), true);
            t.onSent(0);
            t.onHeaders(random.nextInt(10) == 0 ? 500 : 200, 1);
            for (int k = 0; k < 5; k++) {
                byte[] bytes = new byte[random.nextInt(200)];
                random.nextBytes(bytes);
                if (random.nextBoolean()) {
                    byte[] prefix = "data: {\"choices\":[{\"delta\":{\"content\":\"".getBytes(StandardCharsets.UTF_8);
                    System.arraycopy(prefix, 0, bytes, 0, Math.min(prefix.length, bytes.length));
                }
                t.onBytes(bytes, 0, bytes.length, k + 2L);
            }
            t.onEnd(10);
            assertThat(t.result().outcome().ended()).isTrue();
        }
    }
}
