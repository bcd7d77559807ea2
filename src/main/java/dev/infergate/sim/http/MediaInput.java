package dev.infergate.sim.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.infergate.media.ImageSize;
import dev.infergate.sim.engine.Tokenizer;
import dev.infergate.sim.profile.MediaRules;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;

/**
 * Turns a chat message's {@code image_url} and {@code input_audio} parts into the prompt tokens the profile's
 * {@link MediaRules} charge for them, as placeholder token ids: ids drawn from a hash of the part's bytes, so the
 * same image twice shares a prefix-cache block (as vLLM's multimodal hashing does) and two different images never
 * do. A profile that refuses a modality answers 400 naming it, as vLLM does for a text-only model.
 *
 * <p>Images are read from data URLs only (the simulator fetches nothing); only the header is decoded, for the size.
 * Clips are WAV (RIFF PCM): the length comes from the header's rate and the data chunk's size.
 */
final class MediaInput {
    private MediaInput() {}

    /** Whether {@code part} is an image or audio part (else text, or a type the simulator ignores). */
    static boolean isMedia(JsonNode part) {
        String type = part.path("type").asText();
        return type.equals("image_url") || type.equals("input_audio");
    }

    /** The placeholder ids of one media part. */
    static int[] tokens(JsonNode part, MediaRules rules, String model) {
        return part.path("type").asText().equals("image_url") ? image(part, rules, model) : audio(part, rules, model);
    }

    private static int[] image(JsonNode part, MediaRules rules, String model) {
        if (!rules.acceptsImages()) {
            throw ApiError.badRequest("messages", model + " is not a multimodal model: it takes no image input"
                    + " (the simulator's profile sets media.images: refuse).");
        }
        JsonNode url = part.path("image_url").path("url");
        if (!url.isTextual()) {
            throw ApiError.badRequest("messages", "An image_url part must have image_url.url, a string.");
        }
        String text = url.asText();
        if (!text.startsWith("data:image/")) {
            throw ApiError.badRequest("messages", "The simulator reads images from data URLs only"
                    + " (data:image/...;base64,...); it fetches no http(s) URL.");
        }
        byte[] file = base64After(text, "image_url.url");
        int[] size = imageSize(file);
        return placeholders(rules.imageTokens(size[0], size[1]), text.hashCode());
    }

    private static int[] audio(JsonNode part, MediaRules rules, String model) {
        if (!rules.acceptsAudio()) {
            throw ApiError.badRequest("messages", model + " takes no audio input"
                    + " (the simulator's profile sets media.audio: refuse).");
        }
        JsonNode audio = part.path("input_audio");
        if (!audio.path("data").isTextual() || !"wav".equals(audio.path("format").asText())) {
            throw ApiError.badRequest("messages", "An input_audio part must have input_audio.data (base64) and"
                    + " input_audio.format; the simulator reads wav only.");
        }
        String data = audio.path("data").asText();
        byte[] file;
        try {
            file = Base64.getMimeDecoder().decode(data);
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest("messages", "input_audio.data is not base64.");
        }
        return placeholders(rules.audioTokens(wavSeconds(file)), data.hashCode());
    }

    private static byte[] base64After(String dataUrl, String field) {
        int comma = dataUrl.indexOf(',');
        if (comma < 0 || !dataUrl.substring(0, comma).endsWith(";base64")) {
            throw ApiError.badRequest("messages", field + " must be a base64 data URL (data:image/png;base64,...).");
        }
        try {
            return Base64.getMimeDecoder().decode(dataUrl.substring(comma + 1));
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest("messages", field + " is not valid base64.");
        }
    }

    /** {width, height} from the image's header, by the JDK's readers (PNG, JPEG, GIF, BMP). */
    static int[] imageSize(byte[] file) {
        ImageSize size = ImageSize.of(file).orElseThrow(() -> ApiError.badRequest("messages",
                "The image could not be read (the simulator reads PNG, JPEG, GIF and BMP)."));
        return new int[] {size.width(), size.height()};
    }

    /** A WAV file's length in seconds: its data chunk's bytes over the header's byte rate. */
    static double wavSeconds(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        if (file.length < 12 || b.getInt(0) != 0x46464952 || b.getInt(8) != 0x45564157) { // "RIFF", "WAVE"
            throw ApiError.badRequest("messages", "input_audio.data is not a WAV (RIFF/WAVE) file.");
        }
        int byteRate = -1;
        int at = 12;
        while (at + 8 <= file.length) {
            int id = b.getInt(at);
            long size = b.getInt(at + 4) & 0xffffffffL;
            if (id == 0x20746d66 && at + 16 <= file.length) { // "fmt "
                byteRate = b.getInt(at + 16);
            } else if (id == 0x61746164 && byteRate > 0) { // "data"
                return Math.min(size, file.length - at - 8L) / (double) byteRate;
            }
            at += 8 + (int) Math.min(size + (size & 1), Integer.MAX_VALUE - at - 8);
        }
        throw ApiError.badRequest("messages", "input_audio.data is a WAV file without fmt and data chunks.");
    }

    private static int[] placeholders(int count, int hash) {
        int[] ids = new int[count];
        long h = Tokenizer.mix(hash ^ 0x6d6d6d6dL);
        for (int i = 0; i < count; i++) {
            ids[i] = (int) (Tokenizer.mix(h + i) & (Tokenizer.VOCAB_SIZE - 1));
        }
        return ids;
    }
}
