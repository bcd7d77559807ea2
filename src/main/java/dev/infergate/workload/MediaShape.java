package dev.infergate.workload;

import java.util.List;
import java.util.Locale;

/**
 * The images and audio clips every chat request carries ({@code --images N --image-size WxH[,WxH...]
 * --audio N --audio-seconds S}): synthetic media generated from the run's seed and the request's id
 * ({@link SyntheticMedia}), sent as OpenAI {@code image_url} and {@code input_audio} content parts.
 *
 * @param images       images per request, {@code >= 0}
 * @param imageSizes   the sizes an image is drawn from (one uniformly per image, by the request's seed); not
 *                     empty when {@code images > 0}
 * @param imageFormat  how images are encoded (JPEG by default: it encodes in milliseconds, PNG in tens)
 * @param audioClips   audio clips per request, {@code >= 0}
 * @param audioSeconds the length of each clip in seconds, {@code > 0} when {@code audioClips > 0}
 */
public record MediaShape(int images, List<ImageSize> imageSizes, ImageFormat imageFormat, int audioClips,
        double audioSeconds) {

    /** The most images or clips one request may carry: above any served model's per-prompt limit. */
    public static final int MAX_PER_REQUEST = 64;
    /** The longest clip: ten minutes of 16 kHz mono is 19 MB, a bound on one request's body. */
    public static final double MAX_AUDIO_SECONDS = 600;

    /** Text only. */
    public static final MediaShape NONE = new MediaShape(0, List.of(), ImageFormat.JPEG, 0, 0);

    public MediaShape {
        if (images < 0 || images > MAX_PER_REQUEST) {
            throw new IllegalArgumentException("images per request (" + images + ") must be between 0 and "
                    + MAX_PER_REQUEST);
        }
        if (audioClips < 0 || audioClips > MAX_PER_REQUEST) {
            throw new IllegalArgumentException("audio clips per request (" + audioClips + ") must be between 0 and "
                    + MAX_PER_REQUEST);
        }
        imageSizes = List.copyOf(imageSizes == null ? List.of() : imageSizes);
        if (images > 0 && imageSizes.isEmpty()) {
            throw new IllegalArgumentException("image sizes must not be empty with " + images + " images per request");
        }
        if (imageFormat == null) {
            throw new IllegalArgumentException("imageFormat must not be null");
        }
        if (audioClips > 0 && !(audioSeconds > 0 && audioSeconds <= MAX_AUDIO_SECONDS)) {
            throw new IllegalArgumentException("audio seconds (" + audioSeconds + ") must be > 0 and <= "
                    + (int) MAX_AUDIO_SECONDS);
        }
    }

    /** Whether requests carry any image or clip. */
    public boolean any() {
        return images > 0 || audioClips > 0;
    }

    /** An image's width and height in pixels. */
    public record ImageSize(int width, int height) {
        /** The largest side: 8192 px, what served vision models resize far below anyway. */
        public static final int MAX_SIDE = 8192;

        public ImageSize {
            if (width < 1 || width > MAX_SIDE || height < 1 || height > MAX_SIDE) {
                throw new IllegalArgumentException("image size (" + width + "x" + height + ") must be between 1x1 and "
                        + MAX_SIDE + "x" + MAX_SIDE);
            }
        }

        /** {@code 1024x768}. */
        public static ImageSize parse(String text) {
            String[] parts = text.strip().toLowerCase(Locale.ROOT).split("x");
            try {
                if (parts.length == 2) {
                    return new ImageSize(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
                }
            } catch (NumberFormatException e) {
                // falls through to the one message below
            }
            throw new IllegalArgumentException("image size '" + text + "' must be WIDTHxHEIGHT in pixels, e.g. 1024x768");
        }

        /** {@code 1024x768,512x512}: one or more sizes. */
        public static List<ImageSize> parseList(String text) {
            return java.util.Arrays.stream(text.split(",")).map(ImageSize::parse).toList();
        }

        @Override
        public String toString() {
            return width + "x" + height;
        }
    }

    /** How a synthetic image is encoded, with its MIME type for the data URL. */
    public enum ImageFormat {
        JPEG("jpeg", "image/jpeg"),
        PNG("png", "image/png");

        private final String key;
        private final String mimeType;

        ImageFormat(String key, String mimeType) {
            this.key = key;
            this.mimeType = mimeType;
        }

        public String key() {
            return key;
        }

        public String mimeType() {
            return mimeType;
        }

        public static ImageFormat parse(String text) {
            for (ImageFormat f : values()) {
                if (f.key.equalsIgnoreCase(text.strip()) || (f == JPEG && "jpg".equalsIgnoreCase(text.strip()))) {
                    return f;
                }
            }
            throw new IllegalArgumentException("image format '" + text + "' must be jpeg or png");
        }
    }
}
