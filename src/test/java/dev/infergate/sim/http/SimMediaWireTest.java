package dev.infergate.sim.http;

import static dev.infergate.sim.http.SimServerWireTest.post;
import static dev.infergate.sim.http.SimServerWireTest.withServer;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.sim.profile.MediaRules;
import dev.infergate.workload.MediaPart;
import dev.infergate.workload.MediaShape;
import dev.infergate.workload.SyntheticMedia;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Images and audio on the simulator's wire: charged by the profile's rule in usage.prompt_tokens, or refused. */
class SimMediaWireTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String chat(String parts) {
        return "{\"model\":\"sim-llama-8b\",\"max_tokens\":2,\"messages\":[{\"role\":\"user\",\"content\":["
                + "{\"type\":\"text\",\"text\":\"what is this\"}" + parts + "]}]}";
    }

    private static String image(int w, int h) {
        MediaPart.Image i = SyntheticMedia.image(new MediaShape.ImageSize(w, h), MediaShape.ImageFormat.JPEG, 3);
        return ",{\"type\":\"image_url\",\"image_url\":{\"url\":\"" + i.url() + "\"}}";
    }

    private static String clip(double seconds) {
        return ",{\"type\":\"input_audio\",\"input_audio\":{\"data\":\"" + SyntheticMedia.audio(seconds, 4).base64()
                + "\",\"format\":\"wav\"}}";
    }

    private static int promptTokens(String root, String body) throws Exception {
        var r = post(root + "/v1/chat/completions", body);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body()).path("usage").path("prompt_tokens").asInt();
    }

    @Test
    void imagesAndClips_areChargedByQwensRules_inPromptTokens() throws Exception {
        withServer(UnaryOperator.identity(), (server, root) -> {
            assertThat(promptTokens(root, chat(""))).isEqualTo(3);
            assertThat(promptTokens(root, chat(image(1024, 768)))).isEqualTo(3 + 1_001);
            assertThat(promptTokens(root, chat(image(512, 384) + image(2048, 1536)))).isEqualTo(3 + 254 + 4_017);
            assertThat(promptTokens(root, chat(clip(1.0)))).isEqualTo(3 + 27);
        });
    }

    @Test
    void llava_chargesTheSameForEverySize() throws Exception {
        withServer(p -> p.withMedia(new MediaRules("llava-1.5", null, null, null)), (server, root) -> {
            assertThat(promptTokens(root, chat(image(64, 64)))).isEqualTo(3 + 576);
            assertThat(promptTokens(root, chat(image(1024, 768)))).isEqualTo(3 + 576);
        });
    }

    @Test
    void aTextOnlyProfile_answers400_likeVllmForATextModel() throws Exception {
        withServer(p -> p.withMedia(new MediaRules("refuse", null, null, "refuse")), (server, root) -> {
            var r = post(root + "/v1/chat/completions", chat(image(64, 64)));
            assertThat(r.statusCode()).isEqualTo(400);
            JsonNode error = JSON.readTree(r.body()).path("error");
            assertThat(error.path("message").asText()).contains("sim-llama-8b is not a multimodal model");
            assertThat(post(root + "/v1/chat/completions", chat(clip(0.5))).statusCode()).isEqualTo(400);
            assertThat(post(root + "/v1/chat/completions", chat("")).statusCode()).isEqualTo(200);
        });
    }

    @Test
    void anImageByHttpUrl_orNotAnImage_isA400NamingIt() throws Exception {
        withServer(UnaryOperator.identity(), (server, root) -> {
            var byUrl = post(root + "/v1/chat/completions",
                    chat(",{\"type\":\"image_url\",\"image_url\":{\"url\":\"https://example.com/a.png\"}}"));
            assertThat(byUrl.statusCode()).isEqualTo(400);
            assertThat(byUrl.body()).contains("data URLs only");
            var garbage = post(root + "/v1/chat/completions",
                    chat(",{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,AAAA\"}}"));
            assertThat(garbage.statusCode()).isEqualTo(400);
            assertThat(garbage.body()).contains("could not be read");
        });
    }
}
