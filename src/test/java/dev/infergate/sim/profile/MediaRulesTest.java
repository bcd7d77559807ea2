package dev.infergate.sim.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The published rules the simulator charges media by. Qwen2-VL: smart_resize to multiples of 28 (rounded half to
 * even), within min_pixels 3,136 and max_pixels 12,845,056, (h/28)*(w/28) tokens plus vision_start/end. LLaVA-1.5:
 * 576 per image. Qwen2-Audio: 100 mel frames a second, (f-1)//2+1 then (f'-2)//2+1, capped at 30 s, plus audio
 * bos/eos.
 */
class MediaRulesTest {
    private final MediaRules qwen = MediaRules.DEFAULT;

    @Test
    void qwen2vl_roundsEachSideToTheNearestMultipleOf28_andCountsTheGrid() {
        // 768/28 = 27.4 -> 27, 1024/28 = 36.6 -> 37: 27*37 = 999, + 2
        assertThat(qwen.imageTokens(1024, 768)).isEqualTo(1_001);
        // 384/28 = 13.7 -> 14, 512/28 = 18.3 -> 18: 252, + 2
        assertThat(qwen.imageTokens(512, 384)).isEqualTo(254);
        // 1536/28 = 54.9 -> 55, 2048/28 = 73.1 -> 73: 4,015, + 2
        assertThat(qwen.imageTokens(2048, 1536)).isEqualTo(4_017);
        // 28x28 exactly: one token, + 2... but under min_pixels (3,136 = 56x56): scaled up to 56x56, 4 tokens
        assertThat(qwen.imageTokens(28, 28)).isEqualTo(4 + 2);
    }

    @Test
    void qwen2vl_halfWayRoundsToEven_asPythonsRoundDoes() {
        // 42/28 = 1.5 -> 2 (even); 70/28 = 2.5 -> 2 (even), 98/28 = 3.5 -> 4
        assertThat(MediaRules.qwen2VlResize(42, 70, 1, Long.MAX_VALUE)).containsExactly(56, 56);
        assertThat(MediaRules.qwen2VlResize(70, 98, 1, Long.MAX_VALUE)).containsExactly(56, 112);
    }

    @Test
    void qwen2vl_scalesALargeImageDownUnderMaxPixels() {
        MediaRules capped = new MediaRules("qwen2-vl", null, 1280L * 28 * 28, null); // a common serving cap
        int[] hw = MediaRules.qwen2VlResize(3000, 4000, MediaRules.QWEN2_VL_MIN_PIXELS, 1280L * 28 * 28);
        assertThat((long) hw[0] * hw[1]).isLessThanOrEqualTo(1280L * 28 * 28);
        assertThat(hw[0] % 28).isZero();
        assertThat(capped.imageTokens(4000, 3000)).isLessThanOrEqualTo(1280 + 2).isGreaterThan(1_100);
    }

    @Test
    void llava15_chargesAFixed576_whateverTheSize() {
        MediaRules llava = new MediaRules("llava-1.5", null, null, null);
        assertThat(llava.imageTokens(64, 64)).isEqualTo(576);
        assertThat(llava.imageTokens(2048, 1536)).isEqualTo(576);
    }

    @Test
    void qwen2audio_chargesAbout25TokensASecond_cappedAt30s() {
        assertThat(qwen.audioTokens(30)).isEqualTo(750 + 2); // 3000 frames -> 1500 -> 750
        assertThat(qwen.audioTokens(1)).isEqualTo(25 + 2); // 100 -> 50 -> 25
        assertThat(qwen.audioTokens(60)).isEqualTo(752);
        assertThat(qwen.audioTokens(5)).isEqualTo(125 + 2);
    }

    @Test
    void refusingProfiles_sayWhatTheyRefuse_andUnknownRulesAreNamed() {
        MediaRules textOnly = new MediaRules("refuse", null, null, "refuse");
        assertThat(textOnly.acceptsImages()).isFalse();
        assertThat(textOnly.acceptsAudio()).isFalse();
        assertThatThrownBy(() -> new MediaRules("qwen3-vl", null, null, null)).hasMessageContaining("media.images (qwen3-vl)");
        assertThatThrownBy(() -> new MediaRules(null, 10L, 5L, null)).hasMessageContaining("min_pixels");
    }

    @Test
    void aProfileYaml_readsItsMediaBlock() {
        String yaml = new String(ProfileLoaderAccess.baselineYaml()) + "media:\n  images: llava-1.5\n  audio: refuse\n";
        SimProfile p = ProfileLoader.parse(yaml.getBytes(), "test");
        assertThat(p.media().imageTokens(10, 10)).isEqualTo(576);
        assertThat(p.media().acceptsAudio()).isFalse();
        assertThat(SimProfile.bundled("baseline").media()).isEqualTo(MediaRules.DEFAULT);
    }

    /** The bundled baseline's YAML, to append a block to. */
    static final class ProfileLoaderAccess {
        static byte[] baselineYaml() {
            try (var in = MediaRulesTest.class.getResourceAsStream("/sim-profiles/baseline.yaml")) {
                return in.readAllBytes();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }
}
