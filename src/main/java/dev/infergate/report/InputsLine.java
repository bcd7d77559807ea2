package dev.infergate.report;

import dev.infergate.analysis.InputFigures;
import java.util.Locale;

/**
 * The console's lines for what requests carried beside their text: images and audio clips per request, their bytes,
 * and what the server counted for each in its prompt tokens, beside the published rules to read it against (a note:
 * a server's price of an image is its model's business, never a failure). Documents are on the throughput line.
 */
final class InputsLine {
    private InputsLine() {}

    static void append(StringBuilder out, InputFigures.Figures f) {
        if (f == null) {
            return;
        }
        if (f.imagesPerRequest() != null) {
            out.append(String.format(Locale.ROOT, "images: %.2f per request, %s of image files per request · %s%n",
                    f.imagesPerRequest(), kib(f.imageBytesPerRequest()), f.serverPromptTokensPerImageP50() == null
                            ? "the server's prompt tokens per image unknown (no usage, or images sent with audio)"
                            : String.format(Locale.ROOT, "the server counted %.0f prompt tokens per image beyond the text"
                                    + " (p50; Qwen2-VL charges (h/28)*(w/28)+2 after resizing, 1,001 for 1024x768;"
                                    + " LLaVA-1.5 576 for any size)", f.serverPromptTokensPerImageP50())));
        }
        if (f.audioClipsPerRequest() != null) {
            out.append(String.format(Locale.ROOT, "audio: %.2f clips per request, %s of audio files per request · %s%n",
                    f.audioClipsPerRequest(), kib(f.audioBytesPerRequest()), f.serverPromptTokensPerClipP50() == null
                            ? "the server's prompt tokens per clip unknown (no usage, or clips sent with images)"
                            : String.format(Locale.ROOT, "the server counted %.0f prompt tokens per clip beyond the text"
                                    + " (p50; Qwen2-Audio charges about 25 a second + 2)", f.serverPromptTokensPerClipP50())));
        }
    }

    private static String kib(Long bytes) {
        return bytes == null ? "?" : String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
    }
}
