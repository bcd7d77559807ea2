package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.workload.MediaShape;
import org.junit.jupiter.api.Test;

/** A plan's {@code images:} key, as {@code run --images N --image-size WxH --image-format F}. */
class PlanImagesTest {
    private static final String SIDES = "baseline: http://127.0.0.1:8000/v1\ncandidate: http://127.0.0.1:8001/v1\n";

    private static AcceptPlan read(String extra) {
        return PlanReader.read("plan.yaml", SIDES + extra);
    }

    @Test
    void withoutTheKey_requestsAreText() {
        assertThat(read("").media()).isEqualTo(MediaShape.NONE);
        assertThat(read("images: 0\n").media()).isEqualTo(MediaShape.NONE);
    }

    @Test
    void aCount_takesTheRunOptionsDefaults_andAMappingSetsSizesAndFormat() {
        MediaShape one = read("images: 1\n").media();
        assertThat(one.images()).isEqualTo(1);
        assertThat(one.imageSizes()).containsExactly(new MediaShape.ImageSize(1024, 768));
        assertThat(one.imageFormat()).isEqualTo(MediaShape.ImageFormat.JPEG);

        MediaShape two = read("images: {count: 2, size: [512x384, 2048x1536], format: png}\n").media();
        assertThat(two.images()).isEqualTo(2);
        assertThat(two.imageSizes()).containsExactly(new MediaShape.ImageSize(512, 384), new MediaShape.ImageSize(2048, 1536));
        assertThat(two.imageFormat()).isEqualTo(MediaShape.ImageFormat.PNG);
        assertThat(read("images: 1\nsweep: true\n").withBaseline(read("").candidate()).media()).isEqualTo(one);
    }

    @Test
    void mistakes_nameTheirKey() {
        assertThatThrownBy(() -> read("images: {count: 1, sizes: 512x384}\n"))
                .hasMessageContaining("key images.sizes: unknown key (did you mean size?)");
        assertThatThrownBy(() -> read("images: {size: 512x384}\n")).hasMessageContaining("key images: needs a count");
        assertThatThrownBy(() -> read("images: 65\n")).hasMessageContaining("key images: (65) must be between 0 and 64");
        assertThatThrownBy(() -> read("images: {count: 1, size: 512}\n")).hasMessageContaining("key images.size:");
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", "baseline: {url: 'http://127.0.0.1:8000/v1', api: completions}\n"
                + "candidate: {url: 'http://127.0.0.1:8001/v1', api: completions}\nimages: 1\n"))
                .hasMessageContaining("images are sent as chat content parts; both sides need api: chat (one has completions)");
    }
}
