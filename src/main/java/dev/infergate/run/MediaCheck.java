package dev.infergate.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.client.Api;
import dev.infergate.client.Endpoint;
import dev.infergate.client.HttpExecutor;
import dev.infergate.client.RequestEncoder;
import dev.infergate.json.Json;
import dev.infergate.workload.MediaPart;
import dev.infergate.workload.MediaShape;
import dev.infergate.workload.RequestSpec;
import dev.infergate.workload.SyntheticMedia;
import dev.infergate.workload.Workload;
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * Before a run with {@code --images} or {@code --audio}: one request of the run's media shape (one output token,
 * not streamed, not recorded), so an endpoint that refuses images or audio (a text-only model answers 400) is said
 * in one line before the clock starts, instead of as every measured request failing.
 */
final class MediaCheck {
    /** Outside any run's ids, and apart from the prefix warm-ups' ({@code Long.MAX_VALUE - group}). */
    private static final long CHECK_ID = Long.MAX_VALUE / 2;

    private MediaCheck() {}

    /**
     * Sends the check; throws a {@link RunService.SetupException} (exit 3) naming what was refused and what to do, or
     * (exit 2) when the requests carry media for an API other than chat (a dataset's images with --api completions).
     * The check's media are the run's synthetic ones for an id outside the run's, else the first dataset entry's.
     */
    static void run(Workload workload, MediaShape media, long seed, HttpExecutor http) throws RunService.SetupException {
        List<MediaPart> first = firstMedia(workload);
        if (!media.any() && first.isEmpty()) {
            return;
        }
        Endpoint e = http.endpoint();
        if (e.api() != Api.CHAT) {
            throw new RunService.SetupException("the requests carry images (the dataset's \"images\", or --images) but"
                    + " images are sent as chat content parts; use --api chat (not " + e.api().key() + ")", true, null);
        }
        List<MediaPart> sent = media.any() ? SyntheticMedia.forRequest(media, seed, CHECK_ID) : first;
        Endpoint plain = new Endpoint(e.baseUrl(), e.api(), e.model(), false, e.headers(), e.caCert(), e.insecure(),
                e.http2(), e.connectTimeout()).withExtraBody(e.extraBody());
        RequestSpec spec = new RequestSpec(CHECK_ID, "Describe what you are given in one word.", null, 9, 1, null, 0,
                "media-check").withMedia(sent);
        String body = new String(RequestEncoder.encode(spec, plain, false), StandardCharsets.UTF_8);
        HttpExecutor.Reply reply;
        try {
            reply = http.call(HttpMethod.POST, e.url(e.api().path()), body, Duration.ofMinutes(2));
        } catch (IOException ex) {
            return; // the measured requests will show a connection problem with its error class
        }
        if (reply.status() / 100 == 4 && reply.status() != 429) {
            throw new RunService.SetupException(refusal(sent, reply), false, null);
        }
    }

    /** The first request's media; none for a workload whose requests are built by the load (agent sessions). */
    private static List<MediaPart> firstMedia(Workload workload) {
        try {
            return workload.spec(0).media();
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    /** One line: what was sent, what the server said (sanitised, cut), what to do. */
    static String refusal(List<MediaPart> sent, HttpExecutor.Reply reply) {
        boolean images = sent.stream().anyMatch(p -> p instanceof MediaPart.Image);
        boolean audio = sent.stream().anyMatch(p -> p instanceof MediaPart.Audio);
        String what = images && audio ? "images and audio" : images ? "an image" : "audio";
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
