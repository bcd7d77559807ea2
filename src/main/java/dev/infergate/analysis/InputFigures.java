package dev.infergate.analysis;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.record.InputParts;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.Arrays;

/**
 * What the measured requests carried beside their text, from the records' {@link InputParts}: images and audio clips
 * (with their bytes) and documents (rerank, score, with documents/s over the measured window). For images and clips it
 * also says what the server counted for them: its {@code usage.prompt_tokens} minus the text the workload meant
 * ({@code intended_input_tokens}), per image (requests with images and no clip) and per clip (clips and no image). That
 * is the server's own price of a picture (its chat template's few tokens included), to set beside the model family's
 * published rule (Qwen2-VL: 1,001 tokens for 1024x768; LLaVA-1.5: 576 for any size); a note, never a failure.
 */
public final class InputFigures {
    private long requests;
    private long images;
    private long imageBytes;
    private long audioClips;
    private long audioBytes;
    private long documents;
    private long completedDocuments;
    private final Tokens perImage = new Tokens();
    private final Tokens perClip = new Tokens();

    public void add(RequestRecord r) {
        requests++;
        InputParts p = r.inputParts();
        images += p.images();
        imageBytes += p.imageBytes();
        audioClips += p.audioClips();
        audioBytes += p.audioBytes();
        documents += p.documents();
        if (r.succeeded()) {
            completedDocuments += p.documents();
        }
        if (!r.succeeded() || r.tokens().outputSource() != TokenSource.USAGE || r.tokens().intendedInput() < 0 || r.tokens().input() < 0) {
            return; // without the server's count there is nothing to reconcile
        }
        double beyondText = r.tokens().input() - r.tokens().intendedInput();
        if (p.images() > 0 && p.audioClips() == 0) {
            perImage.add(beyondText / p.images());
        } else if (p.audioClips() > 0 && p.images() == 0) {
            perClip.add(beyondText / p.audioClips());
        }
    }

    /** The {@code inputs} block of summary.json; null when no request carried an image, a clip or a document. */
    public Figures figures(double windowSeconds) {
        if (requests == 0 || images + audioClips + documents == 0) {
            return null;
        }
        return new Figures(requests,
                images == 0 ? null : Distribution.round((double) images / requests),
                images == 0 ? null : Math.round((double) imageBytes / requests),
                audioClips == 0 ? null : Distribution.round((double) audioClips / requests),
                audioClips == 0 ? null : Math.round((double) audioBytes / requests),
                perImage.p50(), perClip.p50(),
                documents == 0 ? null : Distribution.round((double) documents / requests),
                documents == 0 || !(windowSeconds > 0) ? null : Distribution.round(completedDocuments / windowSeconds));
    }

    /**
     * The measured requests' images, clips and documents.
     *
     * @param requests                      measured requests
     * @param imagesPerRequest              mean images per request; null without images
     * @param imageBytesPerRequest          mean bytes of image files per request
     * @param audioClipsPerRequest          mean clips per request; null without audio
     * @param audioBytesPerRequest          mean bytes of audio files per request
     * @param serverPromptTokensPerImageP50 the server's prompt tokens beyond the intended text, per image, p50 over
     *                                      completed requests with usage (images and no clip); null when none
     * @param serverPromptTokensPerClipP50  the same per clip (clips and no image)
     * @param documentsPerRequest           mean documents per rerank or score request; null for other APIs
     * @param documentsPerS                 documents of completed requests per second of the measured window
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Figures(long requests, Double imagesPerRequest, Long imageBytesPerRequest, Double audioClipsPerRequest,
            Long audioBytesPerRequest, Double serverPromptTokensPerImageP50, Double serverPromptTokensPerClipP50,
            Double documentsPerRequest, Double documentsPerS) {}

    /** Values whose median is wanted. */
    private static final class Tokens {
        private double[] values = new double[16];
        private int count;

        void add(double v) {
            if (count == values.length) {
                values = Arrays.copyOf(values, count * 2);
            }
            values[count++] = v;
        }

        Double p50() {
            if (count == 0) {
                return null;
            }
            double[] sorted = Arrays.copyOf(values, count);
            Arrays.sort(sorted);
            return Distribution.round(Quantiles.ofSorted(sorted, 50));
        }
    }
}
