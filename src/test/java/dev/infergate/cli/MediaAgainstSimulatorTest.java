package dev.infergate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.RunLog;
import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.MediaRules;
import dev.infergate.sim.profile.SimProfile;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Chat requests with images and audio, end to end against the simulator: the records, the summary, the refusal. */
class MediaAgainstSimulatorTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static int run(SimServer sim, StringWriter console, StringWriter err, Path out, String... more) {
        List<String> args = new ArrayList<>(List.of("run", "--base-url", sim.baseUrl(), "--out", out.toString(),
                "--no-progress", "--server-metrics", "off", "--warmup", "0", "--input-tokens", "32", "--output-tokens", "4"));
        args.addAll(List.of(more));
        return RunAgainstSimulatorTest.run(console, err, args.toArray(String[]::new));
    }

    @Test
    void imagesAndAudio_areSent_recordedWithTheirBytes_andChargedInTheServersPromptTokens() throws Exception {
        Path out = dir.resolve("media");
        StringWriter console = new StringWriter();
        StringWriter err = new StringWriter();
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            int code = run(sim, console, err, out, "--requests", "6", "--concurrency", "2", "--images", "2",
                    "--image-size", "64x48", "--audio", "1", "--audio-seconds", "1");
            assertThat(code).as(err.toString()).isZero();
        }
        List<RequestRecord> records = new ArrayList<>();
        RunLog.readRecords(out, records::add);
        assertThat(records).hasSize(6).allSatisfy(r -> {
            assertThat(r.succeeded()).as(r.outcome().errorDetail()).isTrue();
            assertThat(r.inputParts().images()).isEqualTo(2);
            assertThat(r.inputParts().imageBytes()).isGreaterThan(500);
            assertThat(r.inputParts().audioClips()).isEqualTo(1);
            assertThat(r.inputParts().audioBytes()).isEqualTo(32_044); // 1 s of 16 kHz 16-bit mono + the header
            // Qwen2-VL: 64x48 -> 56x56 (min_pixels), 4 + 2 tokens each; Qwen2-Audio: 1 s -> 25 + 2
            assertThat(r.tokens().input() - r.tokens().intendedInput()).isEqualTo(2 * 6 + 27);
        });
        assertThat(Files.readString(out.resolve("requests.jsonl"))).contains("\"images\":2", "\"audio_clips\":1");
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.path("prompt_tokens_vs_intended").path("difference_p50").asInt()).isEqualTo(39);
        JsonNode inputs = summary.path("inputs");
        assertThat(inputs.path("images_per_request").asDouble()).isEqualTo(2.0);
        assertThat(inputs.path("audio_clips_per_request").asDouble()).isEqualTo(1.0);
        assertThat(inputs.path("audio_bytes_per_request").asLong()).isEqualTo(32_044);
        assertThat(inputs.has("server_prompt_tokens_per_image_p50")).as("images and a clip together: not apart").isFalse();
        assertThat(inputs.has("documents_per_s")).isFalse();
        assertThat(console.toString()).contains("images: 2.00 per request", "audio: 1.00 clips per request");
        JsonNode run = JSON.readTree(out.resolve("run.json").toFile());
        assertThat(run.toString()).contains("\"images_per_request\":2", "\"audio_seconds\":1.0");
    }

    @Test
    void imagesAlone_reconcileTheServersCountPerImage_inTheSummaryAndTheConsole() throws Exception {
        Path out = dir.resolve("images");
        StringWriter console = new StringWriter();
        StringWriter err = new StringWriter();
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            assertThat(run(sim, console, err, out, "--requests", "4", "--images", "1", "--image-size", "1024x768")).as(err.toString()).isZero();
        }
        JsonNode inputs = JSON.readTree(out.resolve("summary.json").toFile()).path("inputs");
        assertThat(inputs.path("server_prompt_tokens_per_image_p50").asDouble()).isEqualTo(1_001.0);
        assertThat(console.toString()).contains("the server counted 1001 prompt tokens per image beyond the text");
    }

    @Test
    void anEndpointThatRefusesImages_getsOneClearLine_beforeAnyRequestIsMeasured() throws Exception {
        Path out = dir.resolve("refused");
        StringWriter console = new StringWriter();
        StringWriter err = new StringWriter();
        SimProfile textOnly = SimProfile.bundled("baseline").withMedia(new MediaRules("refuse", null, null, "refuse"));
        try (SimServer sim = SimServer.start(textOnly, "127.0.0.1", 0, 1)) {
            int code = run(sim, console, err, out, "--requests", "4", "--images", "1", "--image-size", "64x48");
            assertThat(code).isEqualTo(3);
        }
        assertThat(err.toString().strip().lines()).filteredOn(l -> l.contains("refused")).singleElement().asString()
                .contains("the server refused a chat request with an image (HTTP 400: sim-llama-8b is not a multimodal model")
                .contains("drop --images/--audio");
        assertThat(err.toString()).doesNotContain("Exception", "\tat ");
        assertThat(out.resolve("requests.jsonl")).doesNotExist();
    }

    @Test
    void imagesWithAnotherApi_areRefusedAsUsage() throws Exception {
        StringWriter err = new StringWriter();
        try (SimServer sim = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            int code = run(sim, new StringWriter(), err, dir.resolve("x"), "--api", "completions", "--images", "1");
            assertThat(code).isEqualTo(2);
        }
        assertThat(err.toString()).contains("use them with --api chat (not completions)");
    }
}
