package dev.infergate.probe;

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
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether a chat endpoint accepts images, and how it counts them: one request of text alone, then the same text
 * with one image of each of {@link #SIZES}, one output token each, not streamed; the server's
 * {@code usage.prompt_tokens} of each, less the text alone's, is its price of that image. A model family's rule reads
 * off the figures: rising with the size (Qwen2-VL's patch grid: 254, 1,001, 4,017 tokens) or the same for every size
 * (LLaVA-1.5: 576). A refusal is one line: what failed and what to do.
 */
final class ImageProbe {
    /** Three sizes a quarter, one and four megapixel-ish apart: enough to tell a grid rule from a fixed count. */
    static final List<MediaShape.ImageSize> SIZES = List.of(new MediaShape.ImageSize(512, 384),
            new MediaShape.ImageSize(1024, 768), new MediaShape.ImageSize(2048, 1536));
    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final String TEXT = "Describe the picture in one word.";

    private ImageProbe() {}

    static Check check(HttpExecutor http) {
        Endpoint e = http.endpoint();
        if (e.api() != Api.CHAT) {
            return new Check("images", Check.Status.INFO, "not tried: images are sent with --api chat", Evidence.NONE);
        }
        Endpoint plain = e.withExtraBody(e.extraBody());
        Answer text = send(http, plain, List.of());
        if (text.status() / 100 != 2) {
            return new Check("images", Check.Status.INFO, "not tried: a text request failed (HTTP " + text.status() + ")",
                    new Evidence.HttpStatus(text.status()));
        }
        Map<String, Integer> perImage = new LinkedHashMap<>();
        StringBuilder counts = new StringBuilder();
        for (MediaShape.ImageSize size : SIZES) {
            Answer a = send(http, plain, List.of(SyntheticMedia.image(size, MediaShape.ImageFormat.JPEG, size.width())));
            if (a.status() / 100 != 2) {
                Evidence evidence = new Evidence.Images(text.promptTokens(), a.status(), size.toString(), null);
                return new Check("images", Check.Status.WARN, "refused (HTTP " + a.status() + ": " + a.message()
                        + "): the model takes no image input as sent; for an image run point --model at a vision model,"
                        + " or run without --images", evidence);
            }
            if (a.promptTokens() >= 0 && text.promptTokens() >= 0) {
                int tokens = a.promptTokens() - text.promptTokens();
                perImage.put(size.toString(), tokens);
                counts.append(counts.length() == 0 ? "" : ", ").append(tokens).append(" (").append(size).append(')');
            }
        }
        Evidence evidence = new Evidence.Images(text.promptTokens(), null, null, perImage);
        if (perImage.isEmpty()) {
            return new Check("images", Check.Status.OK, "accepted; the server sent no usage, so how it counts images is"
                    + " unknown", evidence);
        }
        return new Check("images", Check.Status.OK, "accepted; prompt tokens per image " + counts, evidence);
    }

    /** The status, the server's prompt tokens (-1 when it sent none) and its error message (sanitised, cut). */
    private record Answer(int status, int promptTokens, String message) {}

    private static Answer send(HttpExecutor http, Endpoint endpoint, List<MediaPart> media) {
        Endpoint e = new Endpoint(endpoint.baseUrl(), endpoint.api(), endpoint.model(), false, endpoint.headers(),
                endpoint.caCert(), endpoint.insecure(), endpoint.http2(), endpoint.connectTimeout())
                .withExtraBody(endpoint.extraBody());
        RequestSpec spec = new RequestSpec(0, TEXT, null, 7, 1, null, 0, "probe-images").withMedia(media);
        String body = new String(RequestEncoder.encode(spec, e, false), StandardCharsets.UTF_8);
        try {
            HttpExecutor.Reply reply = http.call(HttpMethod.POST, e.url(e.api().path()), body, TIMEOUT);
            JsonNode json = parse(reply.body());
            int tokens = json.path("usage").path("prompt_tokens").asInt(-1);
            return new Answer(reply.status(), tokens, message(json, reply.body()));
        } catch (IOException ex) {
            return new Answer(0, -1, "no answer: " + ex.getMessage());
        }
    }

    private static JsonNode parse(String body) {
        try {
            return Json.COMPACT.readTree(body == null ? "" : body);
        } catch (IOException | RuntimeException e) {
            return Json.COMPACT.missingNode();
        }
    }

    private static String message(JsonNode json, String body) {
        JsonNode m = json.path("error").path("message");
        String text = m.isTextual() ? m.asText() : body == null ? "" : body;
        StringBuilder sb = new StringBuilder();
        text.codePoints().limit(160).forEach(cp -> sb.appendCodePoint(Character.isISOControl(cp) ? ' ' : cp));
        return sb.toString().strip();
    }
}
