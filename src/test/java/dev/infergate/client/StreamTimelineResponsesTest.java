package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.ErrorClass;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A Responses API stream through the timeline: the hand-written stream of {@code responses/reasoning_then_answer.sse}
 * (see the README beside it), one event per read at chosen times (ms here, for readability).
 */
class StreamTimelineResponsesTest {
    private static final long MS = 1_000_000L;

    private final StreamTimeline timeline = new StreamTimeline(Api.RESPONSES, true, true,
            Timeouts.DEFAULT_MAX_BODY_BYTES, Timeouts.DEFAULT_MAX_EVENT_BYTES);

    private static List<String> events() throws IOException {
        try (InputStream in = StreamTimelineResponsesTest.class.getResourceAsStream("/responses/reasoning_then_answer.sse")) {
            String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            List<String> events = new ArrayList<>();
            for (String e : all.split("\n\n")) {
                if (!e.isBlank()) {
                    events.add(e + "\n\n");
                }
            }
            return events;
        }
    }

    private void read(long ms, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        timeline.onBytes(bytes, 0, bytes.length, ms * MS);
    }

    /** Event i arrives at 200 + 10 i ms. */
    private StreamResult play(List<String> events, long endMs) {
        timeline.onSent(100 * MS);
        timeline.onHeaders(200, 150 * MS);
        for (int i = 0; i < events.size(); i++) {
            read(200 + 10L * i, events.get(i));
        }
        timeline.onEnd(endMs * MS);
        return timeline.result();
    }

    @Test
    void reasoningThenAnswer_marksBoth_countsOnlyNonEmptyDeltas_andEndsCompleteWithoutDone() throws IOException {
        List<String> events = events();
        assertThat(events).hasSize(16);
        StreamResult r = play(events, 400);
        // events 3 and 4 are reasoning deltas, 9 an empty text delta, 10 and 11 text deltas
        assertThat(r.marks().firstTokenNanos()).isEqualTo(230 * MS);
        assertThat(r.marks().firstReasoningNanos()).isEqualTo(230 * MS);
        assertThat(r.marks().firstAnswerNanos()).isEqualTo(300 * MS);
        assertThat(r.marks().lastTokenNanos()).isEqualTo(310 * MS);
        assertThat(r.marks().doneNanos()).as("no [DONE]: the end of the body").isEqualTo(400 * MS);
        assertThat(r.events().chunks()).isEqualTo(4);
        assertThat(r.events().reasoningEvents()).isEqualTo(2);
        assertThat(r.events().itlGapsMicros()).containsExactly(10_000, 60_000, 10_000);
        assertThat(r.outputText()).isEqualTo("Let me thinkHello there, friend");
        assertThat(r.usage().promptTokens()).isEqualTo(12);
        assertThat(r.usage().completionTokens()).isEqualTo(6);
        assertThat(r.usage().cachedTokens()).isEqualTo(8);
        assertThat(r.outcome().finishReason()).isEqualTo("stop");
        assertThat(r.outcome().failure()).isNull();
    }

    @Test
    void aStreamCutBeforeResponseCompleted_isIncomplete() throws IOException {
        List<String> events = events();
        StreamResult r = play(events.subList(0, events.size() - 1), 400);
        assertThat(r.outcome().failure()).isEqualTo(ErrorClass.INCOMPLETE);
        assertThat(r.outcome().errorDetail()).contains("response.completed");
    }

    @Test
    void responseFailed_midStream_isAStreamError_withTheServersMessage() throws IOException {
        List<String> events = new ArrayList<>(events().subList(0, 11));
        events.add("event: response.failed\ndata: {\"type\":\"response.failed\",\"response\":{\"status\":\"failed\","
                + "\"error\":{\"code\":\"server_error\",\"message\":\"engine died\"}}}\n\n");
        StreamResult r = play(events, 400);
        assertThat(r.outcome().failure()).isEqualTo(ErrorClass.STREAM_ERROR);
        assertThat(r.outcome().errorDetail()).isEqualTo("engine died");
        assertThat(r.events().chunks()).as("the output before the failure still counts").isEqualTo(3);
    }

    @Test
    void everyDeltaInOneReadAtTheEnd_hasOneArrivalTime_asABufferedStreamDoes() throws IOException {
        timeline.onSent(100 * MS);
        timeline.onHeaders(200, 150 * MS);
        read(900, String.join("", events()));
        timeline.onEnd(900 * MS);
        StreamResult r = timeline.result();
        assertThat(r.events().chunks()).isEqualTo(4);
        assertThat(r.events().eventOffsetsNanos()).containsOnly(800 * MS);
        assertThat(r.marks().firstTokenNanos()).isEqualTo(r.marks().lastTokenNanos());
    }
}
