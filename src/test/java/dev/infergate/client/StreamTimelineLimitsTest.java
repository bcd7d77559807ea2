package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.ErrorClass;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Size limits and untrusted text: what an endless body, a huge event or a broken surrogate pair become. */
class StreamTimelineLimitsTest {
    private static final long MS = 1_000_000L;
    private static final String DONE = "data: [DONE]\n\n";

    private static void read(StreamTimeline t, long ms, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        t.onBytes(bytes, 0, bytes.length, ms * MS);
    }

    private static StreamTimeline started(boolean stream, int maxBody, int maxEvent) {
        StreamTimeline t = new StreamTimeline(stream, false, maxBody, maxEvent);
        t.onSent(100 * MS);
        t.onHeaders(200, 101 * MS);
        return t;
    }

    private static String content(String text) {
        return "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + text + "\"},\"finish_reason\":null}]}\n\n";
    }

    @Test
    void aValidEventBeyondTheLimit_isTooLargeWithItsSize_notMalformed_andLaterEventsStillCount() {
        StreamTimeline t = started(true, 1 << 20, 4096);
        read(t, 110, content("a"));
        String huge = content("x".repeat(10_000));
        for (int i = 0; i < huge.length(); i += 1000) { // in many reads, as a real socket delivers it
            read(t, 120, huge.substring(i, Math.min(huge.length(), i + 1000)));
        }
        read(t, 130, content("b") + DONE);
        t.onEnd(131 * MS);
        StreamResult r = t.result();
        assertThat(r.outcome().failure()).isEqualTo(ErrorClass.TOO_LARGE);
        int eventBytes = huge.length() - 1; // the lines and their breaks, the blank line ends it
        assertThat(r.outcome().errorDetail()).isEqualTo("event too large (" + eventBytes + " bytes > limit 4096; raise --max-event-size)");
        assertThat(r.events().chunks()).isEqualTo(2);
    }

    @Test
    void aTwentyMegabyteEventUnderTheLimit_isDecoded_notRefusedByJacksonsStringLimit() {
        StreamTimeline t = started(true, 1 << 20, 32 << 20);
        read(t, 110, content("x".repeat(20_500_000)) + DONE);
        t.onEnd(111 * MS);
        assertThat(t.result().outcome().failure()).isNull();
        assertThat(t.result().events().chunks()).isEqualTo(1);
    }

    @Test
    void aStreamEndingInsideAHugeEvent_isTooLarge() {
        StreamTimeline t = started(true, 1 << 20, 2048);
        read(t, 110, "data: " + "y".repeat(5000));
        t.onEnd(111 * MS);
        assertThat(t.result().outcome().failure()).isEqualTo(ErrorClass.TOO_LARGE);
        assertThat(t.result().outcome().errorDetail()).startsWith("event too large (5006 bytes > limit 2048");
    }

    @Test
    void aNonStreamingBodyBeyondTheLimit_isTooLarge_andAsksTheCallerToCutIt() {
        StreamTimeline t = started(false, 4096, 4096);
        read(t, 110, "{\"choices\":[{\"message\":{\"content\":\"");
        assertThat(t.tooLarge()).isFalse();
        read(t, 111, "z".repeat(5000));
        assertThat(t.tooLarge()).isTrue();
        assertThat(t.result().outcome().failure()).isEqualTo(ErrorClass.TOO_LARGE);
        assertThat(t.result().outcome().errorDetail()).isEqualTo("body too large (more than 4096 bytes; raise --max-body-size)");
    }

    @Test
    void errorDetails_areCutOnCodePoints_andLoneSurrogatesBecomeReplacementChars() {
        StreamTimeline t = new StreamTimeline(true, false);
        t.onSent(100 * MS);
        t.onHeaders(500, 101 * MS);
        String emojis = "\uD83D\uDE00".repeat(400);
        read(t, 110, "{\"error\":{\"message\":\"" + emojis + "\"}}");
        t.onEnd(111 * MS);
        String detail = t.result().outcome().errorDetail();
        assertThat(detail).endsWith("...").hasSizeLessThanOrEqualTo(StreamTimeline.MAX_DETAIL_CHARS);
        assertThat(detail.chars().filter(c -> Character.isSurrogate((char) c)).count() % 2).isZero();
        assertThat(detail.substring(0, detail.length() - 3)).matches("HTTP 500: (\uD83D\uDE00)+");

        StreamTimeline lone = new StreamTimeline(true, false);
        lone.onSent(100 * MS);
        lone.onHeaders(200, 101 * MS);
        read(lone, 110, "data: {\"error\":{\"message\":\"bad \\ud800 here\"}}\n\n");
        lone.onEnd(111 * MS);
        assertThat(lone.result().outcome().errorDetail()).isEqualTo("bad \uFFFD here");
    }
}
