package dev.infergate.sim.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

class SimProfileTest {
    static final java.util.List<String> BUNDLED = SimProfile.BUNDLED;

    @ParameterizedTest
    @FieldSource("BUNDLED")
    void everyBundledProfile_loads_andDescribesWhatItModels(String name) {
        SimProfile profile = SimProfile.bundled(name);

        assertThat(profile.name()).isEqualTo(name);
        assertThat(profile.description()).isNotBlank();
        assertThat(profile.kvCapacityTokens()).isGreaterThanOrEqualTo(profile.maxModelLen());
    }

    @Test
    void candidate_hasMoreKvBlocks_fasterDecode_slowerPrefill_thanBaseline() {
        SimProfile base = SimProfile.bundled("baseline");
        SimProfile fp8 = SimProfile.bundled("candidate-fp8-kv");

        assertThat(fp8.numGpuBlocks()).isGreaterThan(base.numGpuBlocks());
        assertThat(fp8.cost().stepNanos(0, 32, 32 * 600)).isLessThan(base.cost().stepNanos(0, 32, 32 * 600));
        assertThat(fp8.cost().stepNanos(1000, 0, 0)).isGreaterThan(base.cost().stepNanos(1000, 0, 0));
    }

    @Test
    void managedBuffered_buffersItsStream() {
        assertThat(SimProfile.bundled("managed-buffered").delivery()).isInstanceOf(Delivery.Buffered.class);
    }

    @Test
    void invalidValue_isOneLineNamingTheFieldAndValue(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, baselineYaml().replace("max_num_seqs: 64", "max_num_seqs: 0"));

        assertThatThrownBy(() -> SimProfile.load(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("profile " + file + ": max_num_seqs (0) must be >= 1");
    }

    @Test
    void unknownKey_isNamed(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("extra.yaml");
        Files.writeString(file, baselineYaml().replace("  step_overhead_us:", "  warp_speed: 9\n  step_overhead_us:"));

        assertThatThrownBy(() -> SimProfile.load(file)).hasMessageContaining("unknown key 'warp_speed' at cost");
    }

    @Test
    void misspelledOptionalKey_suggestsTheKeyMeant(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("typo.yaml");
        Files.writeString(file, baselineYaml().replace("answer_accuracy:", "answer_acuracy:"));

        assertThatThrownBy(() -> SimProfile.load(file))
                .hasMessageContaining("unknown key 'answer_acuracy' at answer_acuracy (did you mean answer_accuracy?)");
    }

    @Test
    void aMistypedBundledNameSuggestsIt() {
        assertThatThrownBy(() -> SimProfile.resolve("candidate-fp8kv"))
                .hasMessageContaining("profile candidate-fp8kv does not exist (did you mean candidate-fp8-kv?)");
    }

    @Test
    void misspelledKey_isReportedAsTheMissingOne(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("typo.yaml");
        Files.writeString(file, baselineYaml().replace("step_overhead_us", "step_overhed_us"));

        assertThatThrownBy(() -> SimProfile.load(file)).hasMessageEndingWith("missing key 'step_overhead_us'");
    }

    @Test
    void missingKey_isNamed(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("missing.yaml");
        Files.writeString(file, baselineYaml().replace("block_size: 16\n", ""));

        assertThatThrownBy(() -> SimProfile.load(file)).hasMessage("profile " + file + ": missing key 'block_size'");
    }

    @Test
    void flushEveryDelivery_parsesItsDuration(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("flush.yaml");
        Files.writeString(file, baselineYaml().replace("delivery: incremental", "delivery: {flush_every: 500ms}"));

        assertThat(SimProfile.load(file).delivery()).isEqualTo(new Delivery.FlushEvery(Duration.ofMillis(500)));
    }

    @Test
    void unknownNameOrMissingFile_saysWhatIsBundled() {
        assertThatThrownBy(() -> SimProfile.resolve("nope.yaml")).hasMessageContaining("does not exist")
                .hasMessageContaining("baseline, candidate-fp8-kv, managed-buffered");
    }

    @Test
    void durations_acceptTheUsualUnits() {
        assertThat(DurationText.parse("x", "250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(DurationText.parse("x", "2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(DurationText.parse("x", "1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThatThrownBy(() -> DurationText.parse("faults.stall.duration", "soon"))
                .hasMessage("faults.stall.duration (soon) must be a duration like 250ms, 10s or 2m");
    }

    static String baselineYaml() throws Exception {
        try (var in = SimProfileTest.class.getResourceAsStream("/sim-profiles/baseline.yaml")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}
