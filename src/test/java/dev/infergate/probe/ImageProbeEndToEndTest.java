package dev.infergate.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.analysis.Summarizer;
import dev.infergate.cli.Main;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.MediaRules;
import dev.infergate.sim.profile.SimProfile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** probe's images check against the simulator: how the endpoint counts images, or its refusal in one line. */
class ImageProbeEndToEndTest {
    @TempDir
    Path dir;

    @SuppressWarnings("unchecked")
    private Map<String, Object> imagesCheck(SimProfile profile, StringWriter out) throws Exception {
        try (SimServer server = SimServer.start(profile, "127.0.0.1", 0, 3)) {
            Path probeDir = dir.resolve(profile.media().images());
            StringWriter err = new StringWriter();
            int code = Main.execute(new String[] {"probe", "--base-url", server.baseUrl(), "--rounds", "3",
                    "--input-tokens", "64", "--output-tokens", "16", "--out", probeDir.toString()},
                    new PrintWriter(out), new PrintWriter(err));
            assertThat(code).as(err.toString()).isZero();
            Map<String, Object> json = Summarizer.JSON.readValue(Files.readString(probeDir.resolve("probe.json")), Map.class);
            return ((List<Map<String, Object>>) json.get("checks")).stream().filter(c -> "images".equals(c.get("check")))
                    .findFirst().orElseThrow();
        }
    }

    @Test
    void aQwen2VlLikeServer_countsMoreTokensForLargerImages_eachSizeInTheEvidence() throws Exception {
        StringWriter out = new StringWriter();
        Map<String, Object> check = imagesCheck(SimProfile.bundled("baseline"), out);
        assertThat(check).containsEntry("status", "ok");
        assertThat((String) check.get("result")).isEqualTo(
                "accepted; prompt tokens per image 254 (512x384), 1001 (1024x768), 4017 (2048x1536)");
        @SuppressWarnings("unchecked")
        Map<String, Object> evidence = (Map<String, Object>) check.get("evidence");
        assertThat(evidence.get("prompt_tokens_per_image")).isEqualTo(Map.of("512x384", 254, "1024x768", 1001, "2048x1536", 4017));
        assertThat(out.toString()).contains("images", "accepted; prompt tokens per image 254 (512x384)");
    }

    @Test
    void aLlavaLikeServer_countsTheSameForEverySize() throws Exception {
        Map<String, Object> check = imagesCheck(SimProfile.bundled("baseline").withMedia(new MediaRules("llava-1.5", null, null, null)),
                new StringWriter());
        assertThat((String) check.get("result")).isEqualTo("accepted; prompt tokens per image 576 (512x384), 576 (1024x768), 576 (2048x1536)");
    }

    @Test
    void aTextOnlyServer_getsOneClearLine_whatFailedAndWhatToDo() throws Exception {
        StringWriter out = new StringWriter();
        Map<String, Object> check = imagesCheck(SimProfile.bundled("baseline").withMedia(new MediaRules("refuse", null, null, "refuse")), out);
        assertThat(check).containsEntry("status", "warn");
        assertThat((String) check.get("result")).startsWith("refused (HTTP 400: sim-llama-8b is not a multimodal model")
                .endsWith("for an image run point --model at a vision model, or run without --images").doesNotContain("\n");
    }
}
