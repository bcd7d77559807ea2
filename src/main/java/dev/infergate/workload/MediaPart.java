package dev.infergate.workload;

/**
 * One non-text part of a chat request: an image or an audio clip, already encoded as the wire carries it (base64),
 * so sending it costs the event loop no encoding. Equal parts are equal records (the base64 text is compared), so a
 * workload's specs stay comparable with {@code equals}.
 */
public sealed interface MediaPart {

    /** The size of the encoded file (the image or WAV file, before base64), in bytes; -1 for an image by URL. */
    long bytes();

    /**
     * An image: a data URL ({@code data:image/jpeg;base64,...}) or an http(s) URL the server fetches itself.
     *
     * @param url    the data URL or http(s) URL
     * @param width  its width in pixels, or -1 when unknown (a URL)
     * @param height its height in pixels, or -1 when unknown
     * @param bytes  the encoded file's size in bytes, or -1 when unknown (a URL)
     */
    record Image(String url, int width, int height, long bytes) implements MediaPart {
        public Image {
            if (url == null || url.isEmpty()) {
                throw new IllegalArgumentException("image url must not be empty");
            }
            if (bytes < -1 || width < -1 || height < -1) {
                throw new IllegalArgumentException("image bytes (" + bytes + "), width (" + width + ") and height ("
                        + height + ") must be >= -1");
            }
        }
    }

    /**
     * An audio clip, sent as OpenAI's {@code input_audio} part ({@code {"data": base64, "format": "wav"}}).
     *
     * @param base64  the file, base64-encoded
     * @param format  {@code wav} or {@code mp3}
     * @param seconds its length in seconds
     * @param bytes   the file's size in bytes
     */
    record Audio(String base64, String format, double seconds, long bytes) implements MediaPart {
        public Audio {
            if (base64 == null || base64.isEmpty()) {
                throw new IllegalArgumentException("audio data must not be empty");
            }
            if (!"wav".equals(format) && !"mp3".equals(format)) {
                throw new IllegalArgumentException("audio format (" + format + ") must be wav or mp3");
            }
            if (bytes < 0) {
                throw new IllegalArgumentException("audio bytes (" + bytes + ") must be >= 0");
            }
        }
    }
}
