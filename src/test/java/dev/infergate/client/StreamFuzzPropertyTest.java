package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.record.ErrorClass;
import dev.infergate.testing.Mutator;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Whatever bytes a server sends, however they are split into reads, the decoding ends in a result: a success or
 * a classified failure with a short detail, never an exception (a lost record). Retry-After, whatever its text,
 * is a wait in range or absent.
 */
class StreamFuzzPropertyTest {
    static final String STREAM = "data: {\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\"}}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hello\"}}]}\n\n"
            + ": keep-alive\n\n"
            + "event: message\ndata: {\"choices\":[{\"index\":0,\"delta\":{\"reasoning_content\":\"hm\",\"tool_calls\":"
            + "[{\"index\":0,\"function\":{\"name\":\"f\",\"arguments\":\"{}\"}}]}}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\" world\"},\"finish_reason\":\"stop\"}],"
            + "\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":2,\"prompt_tokens_details\":{\"cached_tokens\":1}}}\n\n"
            + "data: [DONE]\n\n";
    static final String BODY = "{\"id\":\"c1\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
            + "\"Hello world\"},\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":2}}";
    static final String RESPONSES = "event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\","
            + "\"delta\":\"Hi\"}\n\nevent: response.completed\ndata: {\"type\":\"response.completed\",\"response\":{"
            + "\"usage\":{\"input_tokens\":3,\"output_tokens\":1}}}\n\n";

    @Property(tries = 500)
    void aDamagedStream_splitAnywhere_endsInAResultOrAClassifiedFailure(@ForAll long seed,
            @ForAll @IntRange(min = 0, max = 10) int edits, @ForAll @Size(max = 8) List<@IntRange(min = 0, max = 2000) Integer> cuts,
            @ForAll @IntRange(min = 0, max = 5) int shape, @ForAll boolean ended) {
        boolean streaming = shape != 1 && shape != 4;
        Api api = shape == 2 ? Api.RESPONSES : Api.CHAT;
        int status = shape == 3 ? 500 : shape == 4 ? 429 : 200;
        String valid = shape == 1 || shape == 3 || shape == 4 ? BODY : shape == 2 ? RESPONSES : STREAM;
        byte[] bytes = Mutator.mutate(valid, seed, edits).getBytes(StandardCharsets.UTF_8);
        StreamTimeline t = new StreamTimeline(api, streaming, true, 4096, 512, Redactor.none());
        t.onSent(10);
        t.onHeaders(status, 20);
        TreeSet<Integer> points = new TreeSet<>();
        cuts.forEach(c -> points.add(c % (bytes.length + 1)));
        points.add(bytes.length);
        int from = 0;
        long now = 30;
        for (int cut : points) {
            t.onBytes(bytes, from, cut - from, now++);
            from = cut;
        }
        if (ended) {
            t.onEnd(now);
        }
        StreamResult r = t.result();
        StreamResult.Outcome o = r.outcome();
        if (o.failure() == null) {
            assertThat(status).isEqualTo(200);
            assertThat(ended).as("a success needs the end of the body").isTrue();
        } else {
            assertThat(o.errorDetail()).isNotNull();
            assertThat(o.errorDetail().length()).isLessThanOrEqualTo(StreamTimeline.MAX_DETAIL_CHARS);
        }
        if (status != 200) {
            assertThat(o.failure()).isEqualTo(ErrorClass.forStatus(status));
        }
        assertThat(r.events().chunks()).isGreaterThanOrEqualTo(0);
    }

    @Property(tries = 300)
    void anyRetryAfter_isAWaitInRange_orAbsent(@ForAll long seed, @ForAll @IntRange(min = 0, max = 6) int edits,
            @ForAll @IntRange(min = 0, max = 3) int form) {
        String valid = switch (form) {
            case 0 -> "120";
            case 1 -> "Sun, 06 Nov 1994 08:49:37 GMT";
            case 2 -> "Sunday, 06-Nov-94 08:49:37 GMT";
            default -> "Sun Nov  6 08:49:37 1994";
        };
        double s = RetryAfter.seconds(Mutator.mutate(valid, seed, edits), Instant.parse("1994-11-06T08:00:00Z"));
        assertThat(s == RetryAfter.ABSENT || (s >= 0 && s <= RetryAfter.MAX_SECONDS)).as("%s", s).isTrue();
    }
}
