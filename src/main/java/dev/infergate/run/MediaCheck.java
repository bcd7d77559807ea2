package dev.infergate.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.client.Endpoint;
import dev.infergate.client.HttpExecutor;
import dev.infergate.client.RequestEncoder;
import dev.infergate.json.Json;
import dev.infergate.workload.MediaShape;
import dev.infergate.workload.RequestSpec;
import dev.infergate.workload.SyntheticMedia;
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Before a run with {@code --images} or {@code --audio}: one request of the run's media shape (one output token,
 * not streamed, not recorded), so an endpoint that refuses images or audio (a text-only model answers 400) is said
 * in one line before the clock starts, instead of as every measured request failing.
 */
final class MediaCheck {
    /** Outside any run's ids, and apart from the prefix warm-ups' ({@code Long.MAX_VALUE - group}). */
    private static final long CHECK_ID = Long.MAX_VALUE / 2;

    private MediaCheck() {}

    /** Sends the check; throws a {@link RunService.SetupException} (exit 3) naming what was refused and what to do. */
    static void run(MediaShape media, long seed, HttpExecutor http) throws RunService.SetupException {
        if (!media.any()) {
            return;
        }
        Endpoint e = http.endpoint();
        Endpoint plain = new Endpoint(e.baseUrl(), e.api(), e.model(), false, e.headers(), e.caCert(), e.insecure(),
                e.http2(), e.connectTimeout()).withExtraBody(e.extraBody());
        RequestSpec spec = new RequestSpec(CHECK_ID, "Describe what you are given in one word.", null, 9, 1, null, 0,
                "media-check").withMedia(SyntheticMedia.forRequest(media, seed, CHECK_ID));
        String body = new String(RequestEncoder.encode(spec, plain, false), StandardCharsets.UTF_8);
        HttpExecutor.Reply reply;
        try {
            reply = http.call(HttpMethod.POST, e.url(e.api().path()), body, Duration.ofMinutes(2));
        } catch (IOException ex) {
            return; // the measured requests will show a connection problem with its error class
        }
        if (reply.status() / 100 == 4 && reply.status() != 429) {
            throw new RunService.SetupException(refusal(media, reply), false, null);
        }
    }

    /** One line: what was sent, what the server said (sanitised, cut), what to do. */
    static String refusal(MediaShape media, HttpExecutor.Reply reply) {
        String what = media.images() > 0 && media.audioClips() > 0 ? "images and audio"
                : media.images() > 0 ? "an image" : "audio";
        return "the server refused a chat request with " + what + " (HTTP " + reply.status() + ": "
                + serverMessage(reply.body()) + "); it is probably a text-only model: point --base-url/--model at a "
                + "vision (or audio) model, or drop --images/--audio";
    }

    private static String serverMessage(String body) {
        String text = body == null ? "" : body;
        try {
            JsonNode message = Json.COMPACT.readTree(text).path("error").path("message");
            if (message.isTextual()) {
                text = message.asText();
            }
        } catch (IOException | RuntimeException e) {
            // not JSON: show the body itself, cut
        }
        StringBuilder sb = new StringBuilder();
        text.codePoints().limit(200).forEach(cp -> sb.appendCodePoint(Character.isISOControl(cp) ? ' ' : cp));
        return sb.toString().strip() + (text.codePointCount(0, text.length()) > 200 ? "..." : "");
    }
}
