package dev.infergate.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A JSONL dataset's "images": files read once as data URLs (with their size and bytes), URLs sent as they are. */
class DatasetImagesTest {
    @TempDir
    Path dir;

    private Workload load(String jsonl) throws Exception {
        Path file = dir.resolve("set.jsonl");
        Files.writeString(file, jsonl);
        return WorkloadDefinition.builder().dataset(file, DatasetFormat.JSONL).build().create(BundledTokenizer.cl100k());
    }

    @Test
    void aFileBesideTheDataset_isSentAsADataUrl_andAUrlAsItIs() throws Exception {
        MediaPart.Image png = SyntheticMedia.image(new MediaShape.ImageSize(40, 30), MediaShape.ImageFormat.PNG, 9);
        byte[] bytes = Base64.getDecoder().decode(png.url().substring(png.url().indexOf(',') + 1));
        Files.createDirectories(dir.resolve("pics"));
        Files.write(dir.resolve("pics/a.png"), bytes);
        Workload w = load("{\"prompt\":\"what is this\",\"images\":[\"pics/a.png\",\"https://example.com/b.jpg\"]}\n"
                + "{\"prompt\":\"text only\"}\n");
        RequestSpec first = w.spec(0);
        assertThat(first.images()).isEqualTo(2);
        MediaPart.Image file = (MediaPart.Image) first.media().get(0);
        assertThat(file.url()).isEqualTo(png.url());
        assertThat(file.width()).isEqualTo(40);
        assertThat(file.height()).isEqualTo(30);
        assertThat(file.bytes()).isEqualTo(bytes.length);
        MediaPart.Image url = (MediaPart.Image) first.media().get(1);
        assertThat(url.url()).isEqualTo("https://example.com/b.jpg");
        assertThat(url.bytes()).isEqualTo(-1);
        assertThat(first.imageBytes()).as("a URL's unknown size counts 0").isEqualTo(bytes.length);
        assertThat(w.spec(1).media()).isEmpty();
    }

    @Test
    void aMissingFileOrAnUnknownKind_isOneLineNamingTheEntry() {
        assertThatThrownBy(() -> load("{\"prompt\":\"x\",\"images\":[\"nope.png\"]}\n"))
                .hasMessageContaining("line 1").hasMessageContaining("cannot read image");
        assertThatThrownBy(() -> load("{\"prompt\":\"x\",\"images\":\"a.png\"}\n"))
                .hasMessageContaining("\"images\" must be an array");
    }
}
