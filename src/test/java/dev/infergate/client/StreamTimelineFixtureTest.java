package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.record.ErrorClass;
import dev.infergate.testing.Fixture;
import dev.infergate.testing.WireResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The timeline on real llama-server captures. Expected values are computed here independently: the body
 * is cut at blank lines by hand and each event's JSON read with the tree model, and an event's time is the
 * time of the read that carried its blank line.
 */
class StreamTimelineFixtureTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One event as this test sees it. */
    record Event(long arrivalNanos, String data, JsonNode json) {
        boolean carriesOutput() {
            if (json == null) {
                return false;
            }
            for (JsonNode choice : json.path("choices")) {
                JsonNode delta = choice.path("delta");
                if (!choice.path("text").asText("").isEmpty() || !delta.path("content").asText("").isEmpty()
                        || !delta.path("reasoning_content").asText("").isEmpty()
                        || delta.path("tool_calls").size() > 0) {
                    return true;
                }
            }
            return false;
        }

        String text() {
            JsonNode choice = json.path("choices").path(0);
            return choice.path("delta").path("content").asText("") + choice.path("text").asText("");
        }
    }

    private static StreamResult replay(WireResponse w, boolean streaming) {
        StreamTimeline t = new StreamTimeline(streaming, true);
        t.onSent(0); // fixture times are nanoseconds since the request was sent
        t.onHeaders(w.status(), w.headersNanos());
        for (WireResponse.BodyRead read : w.bodyReads()) {
            t.onBytes(read.bytes(), 0, read.bytes().length, read.arrivalNanos());
        }
        t.onEnd(w.bodyEndNanos());
        return t.result();
    }

    private static List<Event> events(WireResponse w) {
        List<Long> timeOfByte = new ArrayList<>();
        w.bodyReads().forEach(r -> {
            for (int i = 0; i < r.bytes().length; i++) {
                timeOfByte.add(r.arrivalNanos());
            }
        });
        byte[] body = w.body();
        List<Event> events = new ArrayList<>();
        int start = 0;
        for (int i = 0; i + 1 < body.length; i++) {
            if (body[i] == '\n' && body[i + 1] == '\n') {
                String block = new String(body, start, i - start, StandardCharsets.UTF_8);
                assertThat(block).startsWith("data: ").doesNotContain("\n");
                String data = block.substring("data: ".length());
                events.add(new Event(timeOfByte.get(i + 1), data, data.equals("[DONE]") ? null : parse(data)));
                start = i + 2;
                i++;
            }
        }
        return events;
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (Exception e) {
            throw new AssertionError("fixture event is not JSON: " + json, e);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"chat_stream", "chat_stream_without_stream_options", "completions_stream"})
    void streamingCapture_marksCountsAndGaps_matchAnIndependentScan(String name) {
        WireResponse w = Fixture.load(name).response();
        List<Event> events = events(w);
        List<Event> output = events.stream().filter(Event::carriesOutput).toList();
        Event done = events.stream().filter(e -> e.data().equals("[DONE]")).findFirst().orElseThrow();
        long[] arrivals = output.stream().mapToLong(Event::arrivalNanos).toArray();
        int[] gapsMicros = new int[arrivals.length - 1];
        long maxGap = 0;
        for (int i = 1; i < arrivals.length; i++) {
            gapsMicros[i - 1] = (int) ((arrivals[i] - arrivals[i - 1]) / 1000);
            maxGap = Math.max(maxGap, arrivals[i] - arrivals[i - 1]);
        }

        StreamResult r = replay(w, true);

        assertThat(r.outcome().failure()).isNull();
        assertThat(r.outcome().status()).isEqualTo(200);
        assertThat(r.marks().headersNanos()).isEqualTo(w.headersNanos()).isLessThan(r.marks().firstTokenNanos());
        assertThat(r.marks().firstTokenNanos()).isEqualTo(arrivals[0]);
        assertThat(r.marks().lastTokenNanos()).isEqualTo(arrivals[arrivals.length - 1]);
        assertThat(r.marks().doneNanos()).isEqualTo(done.arrivalNanos());
        assertThat(r.outcome().doneSeen()).isTrue();
        assertThat(r.events().chunks()).isEqualTo(output.size());
        assertThat(r.events().itlGapsMicros()).hasSize(r.events().chunks() - 1).containsExactly(gapsMicros);
        assertThat(r.events().maxStallNanos()).isEqualTo(maxGap);
        assertThat(r.events().eventOffsetsNanos()).containsExactly(arrivals);
        assertThat(r.outputText()).isEqualTo(String.join("", output.stream().map(Event::text).toList()));
        assertThat(r.outcome().finishReason()).isEqualTo("length");
        assertThat(r.events().malformedEvents()).isZero();
    }

    @Test
    void chatStream_ignoresTheRoleEvent_whichSharesTheFirstReadWithTheFirstContentEvent() {
        WireResponse w = Fixture.load("chat_stream").response();
        List<Event> events = events(w);
        assertThat(events.get(0).json().path("choices").path(0).path("delta").path("role").asText()).isEqualTo("assistant");
        assertThat(events.get(0).carriesOutput()).isFalse();
        StreamResult r = replay(w, true);
        assertThat(r.marks().firstTokenNanos()).isEqualTo(events.get(1).arrivalNanos()).isEqualTo(67_144_119L);
    }

    @Test
    void chatStream_readsUsageAndCachedTokens_fromTheChoicesEmptyEvent() {
        StreamResult r = replay(Fixture.load("chat_stream").response(), true);
        assertThat(r.usage().completionTokens()).isEqualTo(100);
        assertThat(r.usage().promptTokens()).isEqualTo(61);
        assertThat(r.usage().cachedTokens()).isZero();
        assertThat(r.events().chunks()).isLessThanOrEqualTo(r.usage().completionTokens());
    }

    @Test
    void chatStreamWithoutStreamOptions_hasNoUsage_soTheTextIsKeptForClientCounting() {
        StreamResult r = replay(Fixture.load("chat_stream_without_stream_options").response(), true);
        assertThat(r.hasUsage()).isFalse();
        assertThat(r.usage().cachedTokens()).isEqualTo(-1);
        assertThat(r.outputText()).isNotBlank().endsWith("artifactId");
    }

    @Test
    void completionsStream_takesUsageFromTheFinalEvent() {
        StreamResult r = replay(Fixture.load("completions_stream").response(), true);
        assertThat(r.usage().completionTokens()).isEqualTo(100);
        assertThat(r.usage().promptTokens()).isEqualTo(14);
        assertThat(r.outputText()).startsWith("\"`Parb Herzog");
    }

    @ParameterizedTest
    @ValueSource(strings = {"chat_nonstream", "completions_nonstream"})
    void nonStreamingCapture_firstLastAndDone_areTheEndOfTheBody(String name) {
        WireResponse w = Fixture.load(name).response();
        JsonNode body = parse(new String(w.body(), StandardCharsets.UTF_8));
        JsonNode choice = body.path("choices").path(0);
        String expectedText = choice.path("message").path("content").asText("") + choice.path("text").asText("");

        StreamResult r = replay(w, false);

        assertThat(r.outcome().failure()).isNull();
        assertThat(r.marks().firstTokenNanos()).isEqualTo(r.marks().lastTokenNanos()).isEqualTo(r.marks().doneNanos()).isEqualTo(w.bodyEndNanos());
        assertThat(r.events().chunks()).isEqualTo(1);
        assertThat(r.events().itlGapsMicros()).isEmpty();
        assertThat(r.outputText()).isEqualTo(expectedText).isNotEmpty();
        assertThat(r.usage().completionTokens()).isEqualTo(body.path("usage").path("completion_tokens").asInt());
        assertThat(r.usage().promptTokens()).isEqualTo(body.path("usage").path("prompt_tokens").asInt());
        assertThat(r.usage().cachedTokens()).isEqualTo(body.path("usage").path("prompt_tokens_details").path("cached_tokens").asInt());
    }

    @Test
    void midStreamErrorCapture_isAStreamError_withTheServersMessage_andItsOutputStillTimed() {
        WireResponse w = Fixture.load("error_chat_stream_midstream_500").response();
        List<Event> events = events(w);
        List<Event> output = events.stream().filter(Event::carriesOutput).toList();

        StreamResult r = replay(w, true);

        assertThat(r.outcome().status()).isEqualTo(200);
        assertThat(r.outcome().failure()).isEqualTo(ErrorClass.STREAM_ERROR);
        assertThat(r.outcome().errorDetail()).isEqualTo(events.get(events.size() - 1).json().path("error").path("message").asText())
                .contains("peg-native");
        assertThat(r.outcome().doneSeen()).isFalse();
        assertThat(r.events().chunks()).isEqualTo(output.size()).isPositive();
        assertThat(r.marks().lastTokenNanos()).isEqualTo(output.get(output.size() - 1).arrivalNanos());
    }

    @ParameterizedTest
    @ValueSource(strings = {"chat_stream", "completions_stream", "error_chat_stream_midstream_500"})
    void byteByByteDelivery_givesTheSameCountsAsTheRecordedReads(String name) {
        WireResponse w = Fixture.load(name).response();
        StreamResult recorded = replay(w, true);
        StreamTimeline t = new StreamTimeline(true, false);
        t.onSent(0);
        t.onHeaders(w.status(), w.headersNanos());
        for (WireResponse.BodyRead read : w.bodyReads()) {
            for (int i = 0; i < read.bytes().length; i++) {
                t.onBytes(read.bytes(), i, 1, read.arrivalNanos());
            }
        }
        t.onEnd(w.bodyEndNanos());
        StreamResult bytewise = t.result();
        assertThat(bytewise.events().chunks()).isEqualTo(recorded.events().chunks());
        assertThat(bytewise.marks().firstTokenNanos()).isEqualTo(recorded.marks().firstTokenNanos());
        assertThat(bytewise.outputText()).isEqualTo(recorded.outputText());
        assertThat(Arrays.equals(bytewise.events().itlGapsMicros(), recorded.events().itlGapsMicros())).isTrue();
        assertThat(bytewise.outcome().failure()).isEqualTo(recorded.outcome().failure());
    }
}
