package dev.infergate.media;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class ImageSizeTest {
    @Test
    void aPngsSize_isReadFromItsHeader() throws Exception {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(37, 11, BufferedImage.TYPE_INT_RGB), "png", png);
        assertThat(ImageSize.of(png.toByteArray())).contains(new ImageSize(37, 11));
    }

    @Test
    void bytesNoReaderKnows_haveNoSize() {
        assertThat(ImageSize.of("RIFF....WEBPVP8 not really".getBytes(java.nio.charset.StandardCharsets.US_ASCII))).isEmpty();
        assertThat(ImageSize.of(new byte[0])).isEmpty();
    }
}
