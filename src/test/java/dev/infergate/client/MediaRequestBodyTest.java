package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.workload.MediaPart;
import dev.infergate.workload.MediaShape;
import dev.infergate.workload.Message;
import dev.infergate.workload.RequestSpec;
import dev.infergate.workload.SyntheticMedia;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Images and audio in the OpenAI chat wire format: the user message's content becomes a list of parts, text first,
 * then {"type": "image_url", "image_url": {"url": "data:image/...;base64,..."}} and
 * {"type": "input_audio", "input_audio": {"data": base64, "format": "wav"}}.
 */
class MediaRequestBodyTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final MediaPart.Image IMAGE = SyntheticMedia.image(new MediaShape.ImageSize(64, 48), MediaShape.ImageFormat.JPEG, 1);
    private static final MediaPart.Audio CLIP = SyntheticMedia.audio(0.5, 2);

    private static JsonNode body(Api api, RequestSpec spec) throws Exception {
        Endpoint endpoint = new Endpoint(URI.create("http://127.0.0.1:1/v1"), api, "m", true, Map.of(), null, false, false,
                Duration.ofSeconds(1));
        return JSON.readTree(new String(RequestEncoder.encode(spec, endpoint, true), StandardCharsets.UTF_8));
    }

    @Test
    void aChatRequestWithAnImageAndAClip_sendsContentParts_textFirst() throws Exception {
        RequestSpec spec = new RequestSpec(0, "describe this", null, 2, 8, null, 0, "synthetic").withMedia(List.of(IMAGE, CLIP));
        JsonNode content = body(Api.CHAT, spec).path("messages").get(0).path("content");
        assertThat(content.isArray()).isTrue();
        assertThat(content).hasSize(3);
        assertThat(content.get(0).path("type").asText()).isEqualTo("text");
        assertThat(content.get(0).path("text").asText()).isEqualTo("describe this");
        assertThat(content.get(1).path("type").asText()).isEqualTo("image_url");
        assertThat(content.get(1).path("image_url").path("url").asText()).isEqualTo(IMAGE.url()).startsWith("data:image/jpeg;base64,/9j/");
        assertThat(content.get(2).path("type").asText()).isEqualTo("input_audio");
        assertThat(content.get(2).path("input_audio").path("format").asText()).isEqualTo("wav");
        assertThat(content.get(2).path("input_audio").path("data").asText()).isEqualTo(CLIP.base64()).startsWith("UklGR"); // "RIFF"
    }

    @Test
    void theMediaGoWithTheLastUserMessage_theOthersStayStrings() throws Exception {
        RequestSpec spec = new RequestSpec(0, null, List.of(new Message("system", "be brief"), Message.user("first"),
                new Message("assistant", "ok"), Message.user("what is in it")), 7, 8, null, 0, "synthetic").withMedia(List.of(IMAGE));
        JsonNode messages = body(Api.CHAT, spec).path("messages");
        assertThat(messages.get(0).path("content").isTextual()).isTrue();
        assertThat(messages.get(1).path("content").isTextual()).isTrue();
        assertThat(messages.get(3).path("content").get(1).path("type").asText()).isEqualTo("image_url");
    }

    @Test
    void aTextOnlyRequest_keepsItsStringContent() throws Exception {
        RequestSpec spec = new RequestSpec(0, "hello there", null, 2, 8, null, 0, "synthetic");
        assertThat(body(Api.CHAT, spec).path("messages").get(0).path("content").asText()).isEqualTo("hello there");
    }

    @Test
    void mediaForAnotherApi_areRefused_neverDroppedSilently() {
        RequestSpec spec = new RequestSpec(0, "x", null, 1, 8, null, 0, "synthetic").withMedia(List.of(IMAGE));
        assertThatThrownBy(() -> body(Api.COMPLETIONS, spec)).hasMessageContaining("--api chat only");
    }
}
