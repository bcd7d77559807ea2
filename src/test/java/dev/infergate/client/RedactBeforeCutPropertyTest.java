package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * A server that echoes a credential into what it answers, at any offset around the cut of an error detail
 * ({@link StreamTimeline#MAX_DETAIL_CHARS}, and the 80-char snippet of a body that is not SSE), in any form
 * infergate redacts (the whole header value, the credential after its scheme, JSON-escaped, URL-encoded):
 * no part of the credential long enough to matter reaches the detail that is recorded.
 */
class RedactBeforeCutPropertyTest {
    /** A fragment this long of a credential in a detail is a leak: a cut secret shows its start. */
    private static final int FRAGMENT_CHARS = 8;

    enum Source { AUTHORIZATION, API_KEY_HEADER, COOKIE }

    enum Form { WHOLE, AFTER_SCHEME, JSON_ESCAPED, URL_ENCODED }

    enum Shape { PLAIN_500, JSON_500, SSE_ERROR_EVENT, NOT_SSE_200, NOT_JSON_200 }

    @Property(tries = 400)
    void aCredentialEchoedAtAnyOffset_neverReachesTheDetail(@ForAll("tokens") String token, @ForAll Source source,
            @ForAll Form form, @ForAll Shape shape, @ForAll @IntRange(min = 0, max = 340) int pad) {
        assertNoLeak(token, source, form, shape, pad);
    }

    @Test
    void everyOffsetAroundTheCuts_inEveryFormAndShape_leavesNoFragment() {
        String token = "sk-SECRET123/authTOKEN+xy=Z9";
        for (Source source : Source.values()) {
            for (Form form : Form.values()) {
                for (Shape shape : Shape.values()) {
                    for (int pad = 0; pad <= 340; pad++) {
                        assertNoLeak(token, source, form, shape, pad);
                    }
                }
            }
        }
    }

    @Test
    void theDetailIsStillCut_andKeepsWhatIsNotSecret() {
        String detail = detail("sk-SECRET123authTOKENxy", Source.AUTHORIZATION, Form.WHOLE, Shape.PLAIN_500, 270);
        assertThat(detail).startsWith("HTTP 500: aaaa").endsWith("...").contains(Redactor.MARK);
        assertThat(detail.length()).isLessThanOrEqualTo(StreamTimeline.MAX_DETAIL_CHARS);
    }

    @Provide
    Arbitrary<String> tokens() {
        // no 'a' (the padding), no 'x' (the tail): a fragment found in a detail can only come from the credential
        return Arbitraries.strings().withChars("BCDEFGHIJKLMNOPQRSTUVWYZbcdefghijk0123456789-_/+=.\"")
                .ofMinLength(12).ofMaxLength(48).map(s -> "sk-" + s);
    }

    private static void assertNoLeak(String token, Source source, Form form, Shape shape, int pad) {
        String detail = detail(token, source, form, shape, pad);
        String header = headerValue(source, token);
        for (String secret : List.of(token, header, jsonEscaped(header), urlEncoded(token))) {
            for (int i = 0; i + FRAGMENT_CHARS <= secret.length(); i++) {
                String fragment = secret.substring(i, i + FRAGMENT_CHARS);
                assertThat(detail).as("%s/%s/%s pad %d: %s", source, form, shape, pad, detail).doesNotContain(fragment);
            }
        }
    }

    private static String detail(String token, Source source, Form form, Shape shape, int pad) {
        String header = headerValue(source, token);
        Map<String, String> headers = Map.of(switch (source) {
            case AUTHORIZATION -> "Authorization";
            case API_KEY_HEADER -> "x-api-key";
            case COOKIE -> "Cookie";
        }, header);
        Redactor redactor = Redactor.of(headers, null);
        String echoed = switch (form) {
            case WHOLE -> header;
            case AFTER_SCHEME -> token;
            case JSON_ESCAPED -> jsonEscaped(header);
            case URL_ENCODED -> urlEncoded(token);
        };
        String text = "a".repeat(pad) + echoed + "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
        boolean streaming = shape != Shape.PLAIN_500 && shape != Shape.JSON_500 && shape != Shape.NOT_JSON_200;
        StreamTimeline t = new StreamTimeline(Api.CHAT, streaming, false, 1 << 20, 1 << 20, redactor);
        t.onSent(1);
        int status = shape == Shape.PLAIN_500 || shape == Shape.JSON_500 ? 500 : 200;
        t.onHeaders(status, 2);
        String body = switch (shape) {
            case PLAIN_500, NOT_SSE_200, NOT_JSON_200 -> text;
            case JSON_500 -> "{\"error\":{\"message\":" + jsonString(text) + "}}";
            case SSE_ERROR_EVENT -> "data: {\"error\":{\"message\":" + jsonString(text) + "}}\n\n";
        };
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        t.onBytes(bytes, 0, bytes.length, 3);
        t.onEnd(4);
        String detail = t.result().outcome().errorDetail();
        assertThat(detail).as("%s gives a detail", shape).isNotNull();
        return detail;
    }

    private static String headerValue(Source source, String token) {
        return switch (source) {
            case AUTHORIZATION -> "Bearer " + token;
            case API_KEY_HEADER -> token;
            case COOKIE -> "session=" + token;
        };
    }

    private static String urlEncoded(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String jsonEscaped(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("/", "\\/");
    }

    private static String jsonString(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
