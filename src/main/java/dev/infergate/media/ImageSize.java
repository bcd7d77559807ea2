package dev.infergate.media;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Iterator;
import java.util.Optional;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/**
 * An image's width and height in pixels, read from its header by the JDK's readers (PNG, JPEG, GIF, BMP; not WebP).
 * Both the measuring side ({@code workload}: a dataset's images) and the simulator ({@code sim}: the images in a
 * request) read sizes this way; this package is neutral ground, so neither imports the other.
 */
public record ImageSize(int width, int height) {
    /** The size in {@code file}'s header, or empty when no JDK reader knows the format or the header is broken. */
    public static Optional<ImageSize> of(byte[] file) {
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(file))) {
            Iterator<ImageReader> readers = in == null ? null : ImageIO.getImageReaders(in);
            if (readers != null && readers.hasNext()) {
                ImageReader reader = readers.next();
                try {
                    reader.setInput(in, true, true);
                    return Optional.of(new ImageSize(reader.getWidth(0), reader.getHeight(0)));
                } finally {
                    reader.dispose();
                }
            }
        } catch (IOException | RuntimeException e) {
            // a broken header: no size
        }
        return Optional.empty();
    }
}
