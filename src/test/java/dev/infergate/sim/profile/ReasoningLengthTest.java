package dev.infergate.sim.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReasoningLengthTest {
    @Test
    void aProfileFile_mayDeclareAReasoningModel_andBundledOnesAnswerAtOnce(@TempDir Path dir) throws Exception {
        assertThat(SimProfile.bundled("baseline").reasoning()).isNull();
        Path file = dir.resolve("thinks.yaml");
        Files.writeString(file, SimProfileTest.baselineYaml() + "reasoning: {median_tokens: 60, sigma: 0.25}\n");

        SimProfile p = SimProfile.load(file);

        assertThat(p.reasoning()).isEqualTo(new ReasoningLength(60, 0.25));
        assertThat(p.withFaults(Faults.NONE).reasoning()).as("copies keep it").isEqualTo(p.reasoning());
    }

    @Test
    void badValues_areOneLineNamingTheKey(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, SimProfileTest.baselineYaml() + "reasoning: {median_tokens: 0, sigma: 0.25}\n");
        assertThatThrownBy(() -> SimProfile.load(file)).hasMessage("profile " + file
                + ": reasoning.median_tokens (0) must be >= 1");
        assertThatThrownBy(() -> new ReasoningLength(10, -1)).hasMessage("reasoning.sigma (-1.0) must be between 0 and 5");
    }

    @Test
    void draws_scaleWithTheMedian_forOneRandomState() {
        assertThat(new ReasoningLength(60, 0).draw(new SplittableRandom(1))).isEqualTo(60);
        int shorter = new ReasoningLength(60, 0.25).draw(new SplittableRandom(5));
        int longer = new ReasoningLength(78, 0.25).draw(new SplittableRandom(5));
        assertThat((double) longer / shorter).isCloseTo(1.3, offset(0.03));
        assertThat(new ReasoningLength(60, 0.25).draw(new SplittableRandom(6))).isNotEqualTo(shorter);
    }
}
