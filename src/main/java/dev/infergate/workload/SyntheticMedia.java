package dev.infergate.workload;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.imageio.ImageIO;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Generates a request's images and audio clips from the run's seed and the request's id alone, so two runs with the
 * same seed send the same bytes, and every request's media differ from every other's (a server that caches encoded
 * images by their pixels, as vLLM does, gets no free hit from a benchmark).
 *
 * <p>An image is a gradient with a few coloured rectangles placed by the request's draws, encoded by the JDK's own
 * {@link ImageIO} (no extra dependency); a JPEG of 1024x768 takes about 10 ms, a PNG about 50 ms, which is the
 * client's own time before the request is written, so it counts as client lag, never as TTFT. A clip is 16 kHz
 * mono 16-bit PCM WAV (what Whisper-style encoders resample to): two tones whose pitches the draws choose.
 */
public final class SyntheticMedia {
    /** The clips' sample rate: Whisper and Qwen2-Audio's feature extractors work at 16 kHz. */
    public static final int AUDIO_SAMPLE_RATE = 16_000;

    private SyntheticMedia() {}

    /** The media parts of request {@code id}: its images first, then its clips. */
    public static List<MediaPart> forRequest(MediaShape shape, long seed, long id) {
        if (!shape.any()) {
            return List.of();
        }
        UniformRandomProvider rng = Seeds.forId(seed ^ 0x6d656469614c4cL, id); // "mediaLL": apart from the text's draws
        List<MediaPart> parts = new ArrayList<>(shape.images() + shape.audioClips());
        for (int i = 0; i < shape.images(); i++) {
            MediaShape.ImageSize size = shape.imageSizes().get(rng.nextInt(shape.imageSizes().size()));
            parts.add(image(size, shape.imageFormat(), rng.nextLong()));
        }
        for (int i = 0; i < shape.audioClips(); i++) {
            parts.add(audio(shape.audioSeconds(), rng.nextLong()));
        }
        return List.copyOf(parts);
    }

    /** One image of {@code size}, drawn from {@code seed}, as a data URL. */
    public static MediaPart.Image image(MediaShape.ImageSize size, MediaShape.ImageFormat format, long seed) {
        byte[] file = encode(pixels(size, seed), format);
        String url = "data:" + format.mimeType() + ";base64," + Base64.getEncoder().encodeToString(file);
        return new MediaPart.Image(url, size.width(), size.height(), file.length);
    }

    /** One WAV clip of {@code seconds}, drawn from {@code seed}. */
    public static MediaPart.Audio audio(double seconds, long seed) {
        byte[] file = wav(seconds, seed);
        return new MediaPart.Audio(Base64.getEncoder().encodeToString(file), "wav", seconds, file.length);
    }

    private static BufferedImage pixels(MediaShape.ImageSize size, long seed) {
        int w = size.width();
        int h = size.height();
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        int[] px = ((DataBufferInt) img.getRaster().getDataBuffer()).getData();
        UniformRandomProvider rng = Seeds.forId(seed, 0);
        int tint = rng.nextInt() & 0x7f7f7f;
        for (int y = 0; y < h; y++) {
            int g = y * 255 / h;
            for (int x = 0; x < w; x++) {
                px[y * w + x] = (((x * 255 / w) << 16) | (g << 8) | ((x ^ y) & 0xff)) ^ tint;
            }
        }
        for (int r = 0; r < 6; r++) { // a few blocks, so no two requests' pixels are alike
            int x0 = rng.nextInt(w);
            int y0 = rng.nextInt(h);
            int x1 = Math.min(w, x0 + 1 + rng.nextInt(Math.max(1, w / 3)));
            int y1 = Math.min(h, y0 + 1 + rng.nextInt(Math.max(1, h / 3)));
            int colour = rng.nextInt() & 0xffffff;
            for (int y = y0; y < y1; y++) {
                java.util.Arrays.fill(px, y * w + x0, y * w + x1, colour);
            }
        }
        return img;
    }

    private static byte[] encode(BufferedImage img, MediaShape.ImageFormat format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(img.getWidth() * img.getHeight() / 8 + 1024);
        try {
            if (!ImageIO.write(img, format.key(), out)) {
                throw new IllegalStateException("this JDK has no " + format.key() + " image writer");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** A RIFF/WAVE file: PCM, 1 channel, {@link #AUDIO_SAMPLE_RATE} Hz, 16 bits. */
    static byte[] wav(double seconds, long seed) {
        int samples = (int) Math.round(seconds * AUDIO_SAMPLE_RATE);
        int dataBytes = samples * 2;
        ByteBuffer b = ByteBuffer.allocate(44 + dataBytes).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {'R', 'I', 'F', 'F'}).putInt(36 + dataBytes).put(new byte[] {'W', 'A', 'V', 'E'});
        b.put(new byte[] {'f', 'm', 't', ' '}).putInt(16).putShort((short) 1).putShort((short) 1)
                .putInt(AUDIO_SAMPLE_RATE).putInt(AUDIO_SAMPLE_RATE * 2).putShort((short) 2).putShort((short) 16);
        b.put(new byte[] {'d', 'a', 't', 'a'}).putInt(dataBytes);
        UniformRandomProvider rng = Seeds.forId(seed, 1);
        double f1 = 110 + rng.nextInt(770);
        double f2 = 220 + rng.nextInt(1540);
        for (int i = 0; i < samples; i++) {
            double t = (double) i / AUDIO_SAMPLE_RATE;
            double v = 0.4 * Math.sin(2 * Math.PI * f1 * t) + 0.2 * Math.sin(2 * Math.PI * f2 * t);
            b.putShort((short) Math.round(v * Short.MAX_VALUE));
        }
        return b.array();
    }
}
