package dev.infergate.sim.profile;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What a simulated model charges for images and audio in its prompt, by a real model family's published rule, or
 * that it refuses them (a text-only model: a 400, as vLLM answers "... is not a multimodal model"). The charged
 * tokens are prompt tokens like any other: they are prefilled (so TTFT grows with image size as on a real engine),
 * they fill the KV cache and they are counted in {@code usage.prompt_tokens}.
 *
 * <p>Image rules:
 * <ul>
 *   <li>{@code qwen2-vl} (the default): Qwen2-VL's "naive dynamic resolution". The image is resized so that both
 *       sides are multiples of 28 (14-pixel ViT patches, 2x2 of them merged into one token), each side rounded to
 *       the nearest multiple (Python's round, half to even), then scaled down or up, keeping the aspect ratio, to
 *       fit between {@code min_pixels} and {@code max_pixels} (defaults 4*28*28 = 3,136 and 16384*28*28 =
 *       12,845,056, Qwen2-VL's preprocessor_config.json); it costs (h/28)*(w/28) tokens plus 2 for
 *       {@code <|vision_start|>} and {@code <|vision_end|>}. Source: Qwen2-VL's {@code smart_resize}
 *       (QwenLM/Qwen2-VL qwen-vl-utils vision_process.py; transformers Qwen2VLImageProcessor), e.g. 1024x768 is
 *       resized to 1036x756: 37*27 = 999 + 2 = 1,001 tokens.</li>
 *   <li>{@code llava-1.5}: a fixed 576 tokens per image whatever its size (the 336x336 CLIP ViT-L/14 input is a
 *       24x24 grid of patches; LLaVA-1.5, Liu et al. 2023), so TTFT does not move with image size.</li>
 *   <li>{@code refuse}: a text-only model.</li>
 * </ul>
 * Audio rules:
 * <ul>
 *   <li>{@code qwen2-audio} (the default): Qwen2-Audio's Whisper-style encoder: 16 kHz audio, 100 mel frames a
 *       second (hop 160), a stride-2 convolution then a stride-2 pooling, so {@code frames' = (frames - 1) / 2 + 1},
 *       {@code tokens = (frames' - 2) / 2 + 1} (integer division; transformers' Qwen2AudioEncoder
 *       {@code _get_feat_extract_output_lengths}), about 25 a second, at most 30 s (750 tokens) per clip, plus 2 for
 *       {@code <|audio_bos|>} and {@code <|audio_eos|>}.</li>
 *   <li>{@code refuse}: a model without audio input.</li>
 * </ul>
 *
 * @param images    {@code qwen2-vl}, {@code llava-1.5} or {@code refuse}
 * @param minPixels Qwen2-VL's {@code min_pixels}
 * @param maxPixels Qwen2-VL's {@code max_pixels}
 * @param audio     {@code qwen2-audio} or {@code refuse}
 */
public record MediaRules(
        @JsonProperty("images") String images,
        @JsonProperty("min_pixels") Long minPixels,
        @JsonProperty("max_pixels") Long maxPixels,
        @JsonProperty("audio") String audio) {

    /** Qwen2-VL's merged patch: 14-pixel patches, 2x2 merged into one token. */
    public static final int QWEN2_VL_FACTOR = 28;
    /** Qwen2-VL's preprocessor_config.json {@code min_pixels}: 4 * 28 * 28. */
    public static final long QWEN2_VL_MIN_PIXELS = 4L * 28 * 28;
    /** Qwen2-VL's preprocessor_config.json {@code max_pixels}: 16384 * 28 * 28. */
    public static final long QWEN2_VL_MAX_PIXELS = 16384L * 28 * 28;
    /** LLaVA-1.5's tokens per image: a 24x24 grid of 14-pixel patches of the 336x336 input. */
    public static final int LLAVA_15_TOKENS = 576;
    /** The mel frames a second of Whisper's feature extractor (16 kHz, hop 160). */
    public static final int AUDIO_FRAMES_PER_SECOND = 100;
    /** Qwen2-Audio's longest clip (its feature extractor's 30 s chunk). */
    public static final double QWEN2_AUDIO_MAX_SECONDS = 30;
    /** The special tokens around each image or clip ({@code <|vision_start|>}/{@code <|vision_end|>}, audio bos/eos). */
    public static final int FRAME_TOKENS = 2;

    /** Qwen2-VL's image rule and Qwen2-Audio's audio rule, with their published defaults. */
    public static final MediaRules DEFAULT = new MediaRules(null, null, null, null);

    public MediaRules {
        images = images == null ? "qwen2-vl" : images;
        audio = audio == null ? "qwen2-audio" : audio;
        minPixels = minPixels == null ? QWEN2_VL_MIN_PIXELS : minPixels;
        maxPixels = maxPixels == null ? QWEN2_VL_MAX_PIXELS : maxPixels;
        if (!java.util.List.of("qwen2-vl", "llava-1.5", "refuse").contains(images)) {
            throw new IllegalArgumentException("media.images (" + images + ") must be qwen2-vl, llava-1.5 or refuse");
        }
        if (!java.util.List.of("qwen2-audio", "refuse").contains(audio)) {
            throw new IllegalArgumentException("media.audio (" + audio + ") must be qwen2-audio or refuse");
        }
        if (minPixels < 1 || maxPixels < minPixels) {
            throw new IllegalArgumentException("media.min_pixels (" + minPixels + ") must be >= 1 and <= max_pixels ("
                    + maxPixels + ")");
        }
    }

    public boolean acceptsImages() {
        return !"refuse".equals(images);
    }

    public boolean acceptsAudio() {
        return !"refuse".equals(audio);
    }

    /** The prompt tokens one image of {@code width} x {@code height} pixels costs. */
    public int imageTokens(int width, int height) {
        if (!acceptsImages()) {
            throw new IllegalStateException("this profile refuses images");
        }
        if ("llava-1.5".equals(images)) {
            return LLAVA_15_TOKENS;
        }
        int[] hw = qwen2VlResize(height, width, minPixels, maxPixels);
        return (hw[0] / QWEN2_VL_FACTOR) * (hw[1] / QWEN2_VL_FACTOR) + FRAME_TOKENS;
    }

    /**
     * Qwen2-VL's {@code smart_resize}: {height, width} after resizing, both multiples of 28, with their product
     * between {@code min} and {@code max} pixels and the aspect ratio kept as closely as the grid allows.
     */
    static int[] qwen2VlResize(int height, int width, long min, long max) {
        int f = QWEN2_VL_FACTOR;
        long h = Math.max(f, roundHalfEven((double) height / f) * f);
        long w = Math.max(f, roundHalfEven((double) width / f) * f);
        if (h * w > max) {
            double beta = Math.sqrt((double) height * width / max);
            h = Math.max(f, (long) Math.floor(height / beta / f) * f);
            w = Math.max(f, (long) Math.floor(width / beta / f) * f);
        } else if (h * w < min) {
            double beta = Math.sqrt((double) min / ((double) height * width));
            h = (long) Math.ceil(height * beta / f) * f;
            w = (long) Math.ceil(width * beta / f) * f;
        }
        return new int[] {(int) h, (int) w};
    }

    /** Python 3's round(): to the nearest integer, a half to the even one. */
    private static long roundHalfEven(double v) {
        return (long) Math.rint(v);
    }

    /** The prompt tokens one clip of {@code seconds} costs. */
    public int audioTokens(double seconds) {
        if (!acceptsAudio()) {
            throw new IllegalStateException("this profile refuses audio");
        }
        long frames = (long) Math.ceil(Math.min(seconds, QWEN2_AUDIO_MAX_SECONDS) * AUDIO_FRAMES_PER_SECOND);
        if (frames < 1) {
            return FRAME_TOKENS;
        }
        long conv = (frames - 1) / 2 + 1;
        long pooled = Math.max(0, (conv - 2) / 2 + 1);
        return (int) pooled + FRAME_TOKENS;
    }
}
