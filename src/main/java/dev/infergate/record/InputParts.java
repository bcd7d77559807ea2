package dev.infergate.record;

/**
 * What one request carried beside its text: images and audio clips (chat), documents (rerank and score). Counts and
 * the bytes of the files as encoded (before base64: a data URL's body is about 4/3 of it), so a run's records say
 * what each request cost to send and what the server's prompt-token count should be set against.
 *
 * @param images      images sent (data URLs and http(s) URLs alike)
 * @param imageBytes  the bytes of the images' files; an image by URL counts 0 (its size is the server's to fetch)
 * @param audioClips  audio clips sent
 * @param audioBytes  the bytes of the clips' files
 * @param documents   documents of a rerank or score request, 0 for the other APIs
 */
public record InputParts(int images, long imageBytes, int audioClips, long audioBytes, int documents) {

    /** A request of text only (and every record of a log older than these fields). */
    public static final InputParts NONE = new InputParts(0, 0, 0, 0, 0);

    public InputParts {
        if (images < 0 || imageBytes < 0 || audioClips < 0 || audioBytes < 0 || documents < 0) {
            throw new IllegalArgumentException("input parts (images " + images + ", image bytes " + imageBytes
                    + ", audio clips " + audioClips + ", audio bytes " + audioBytes + ", documents " + documents
                    + ") must be >= 0");
        }
    }

    /** Whether the request carried any image or clip. */
    public boolean media() {
        return images > 0 || audioClips > 0;
    }
}
