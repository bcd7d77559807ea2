package dev.infergate.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** Images and clips drawn from the seed and the request's id: the same bytes every time, different per request. */
class SyntheticMediaTest {
    private static final MediaShape ONE_IMAGE_ONE_CLIP = new MediaShape(1,
            List.of(new MediaShape.ImageSize(640, 480)), MediaShape.ImageFormat.JPEG, 1, 2.0);

    @Test
    void theSameSeedAndId_giveTheSameBytes_andAnotherIdOrSeedOthers() {
        List<MediaPart> a = SyntheticMedia.forRequest(ONE_IMAGE_ONE_CLIP, 7, 3);
        assertThat(SyntheticMedia.forRequest(ONE_IMAGE_ONE_CLIP, 7, 3)).isEqualTo(a);
        assertThat(SyntheticMedia.forRequest(ONE_IMAGE_ONE_CLIP, 7, 4).get(0)).isNotEqualTo(a.get(0));
        assertThat(SyntheticMedia.forRequest(ONE_IMAGE_ONE_CLIP, 8, 3).get(0)).isNotEqualTo(a.get(0));
        assertThat(SyntheticMedia.forRequest(ONE_IMAGE_ONE_CLIP, 8, 3).get(1)).isNotEqualTo(a.get(1));
    }

    @Test
    void anImage_isAJpegDataUrlOfTheAskedSize_withItsFileBytesCounted() throws Exception {
        MediaPart.Image image = (MediaPart.Image) SyntheticMedia.forRequest(ONE_IMAGE_ONE_CLIP, 1, 0).get(0);
        assertThat(image.url()).startsWith("data:image/jpeg;base64,");
        byte[] file = Base64.getDecoder().decode(image.url().substring(image.url().indexOf(',') + 1));
        assertThat(image.bytes()).isEqualTo(file.length);
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(file));
        assertThat(decoded.getWidth()).isEqualTo(640);
        assertThat(decoded.getHeight()).isEqualTo(480);
        assertThat(image.width()).isEqualTo(640);
    }

    @Test
    void aPngImage_isAPngDataUrl() {
        MediaPart.Image png = SyntheticMedia.image(new MediaShape.ImageSize(32, 16), MediaShape.ImageFormat.PNG, 5);
        assertThat(png.url()).startsWith("data:image/png;base64,iVBORw0KGgo"); // the PNG signature in base64
    }

    @Test
    void aClip_isA16kMonoWav_ofTheAskedLength() {
        MediaPart.Audio clip = (MediaPart.Audio) SyntheticMedia.forRequest(ONE_IMAGE_ONE_CLIP, 1, 0).get(1);
        assertThat(clip.format()).isEqualTo("wav");
        byte[] file = Base64.getDecoder().decode(clip.base64());
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(new String(file, 0, 4)).isEqualTo("RIFF");
        assertThat(new String(file, 8, 4)).isEqualTo("WAVE");
        assertThat(b.getShort(22)).as("channels").isEqualTo((short) 1);
        assertThat(b.getInt(24)).as("sample rate").isEqualTo(16_000);
        assertThat(b.getInt(40)).as("data bytes: 2 s of 16-bit samples").isEqualTo(64_000);
        assertThat(clip.bytes()).isEqualTo(file.length).isEqualTo(64_044);
    }

    @Test
    void sizesOfAList_areDrawnPerImage_fromThatListOnly() {
        MediaShape shape = new MediaShape(2, MediaShape.ImageSize.parseList("64x32,32x64"), MediaShape.ImageFormat.JPEG, 0, 0);
        java.util.Set<Integer> widths = new java.util.HashSet<>();
        for (long id = 0; id < 20; id++) {
            for (MediaPart p : SyntheticMedia.forRequest(shape, 0, id)) {
                widths.add(((MediaPart.Image) p).width());
            }
        }
        assertThat(widths).containsExactlyInAnyOrder(64, 32);
    }

    @Test
    void badShapes_areRefusedInOneLineNamingTheValue() {
        assertThatThrownBy(() -> MediaShape.ImageSize.parse("1024*768")).hasMessageContaining("WIDTHxHEIGHT");
        assertThatThrownBy(() -> MediaShape.ImageSize.parse("0x5")).hasMessageContaining("(0x5)");
        assertThatThrownBy(() -> new MediaShape(1, List.of(), MediaShape.ImageFormat.JPEG, 0, 0)).hasMessageContaining("sizes");
        assertThatThrownBy(() -> new MediaShape(0, List.of(), MediaShape.ImageFormat.JPEG, 1, 0)).hasMessageContaining("audio seconds (0.0)");
        assertThatThrownBy(() -> MediaShape.ImageFormat.parse("gif")).hasMessageContaining("jpeg or png");
        assertThat(MediaShape.ImageFormat.parse("jpg")).isEqualTo(MediaShape.ImageFormat.JPEG);
    }

    @Test
    void aWorkloadWithMedia_givesEverySpecItsMedia_madeAheadOrNot_theSame() {
        WorkloadDefinition def = WorkloadDefinition.builder().seed(11).inputTokens(LengthDistribution.parse("20"))
                .outputTokens(LengthDistribution.parse("4")).media(ONE_IMAGE_ONE_CLIP).build();
        Workload first = def.create(BundledTokenizer.cl100k());
        Workload second = def.create(BundledTokenizer.cl100k());
        for (long id : new long[] {0, 1, 2, 9, 40, 3}) {
            RequestSpec spec = first.spec(id);
            assertThat(spec.images()).isEqualTo(1);
            assertThat(spec.audioClips()).isEqualTo(1);
            assertThat(spec.media()).isEqualTo(SyntheticMedia.forRequest(ONE_IMAGE_ONE_CLIP, 11, id));
            assertThat(second.spec(id)).isEqualTo(spec);
        }
        assertThat(dev.infergate.workload.MapWorkloadDescription.json(first.describe())).containsEntry("images_per_request", 1).containsEntry("audio_seconds", 2.0);
    }

    @Test
    void mediaWithSessions_isRefused() {
        assertThatThrownBy(() -> WorkloadDefinition.builder().sessions(SessionShape.defaults()).media(ONE_IMAGE_ONE_CLIP).build())
                .hasMessageContaining("--sessions");
    }
}
