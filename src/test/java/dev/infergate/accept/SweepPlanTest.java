package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.analysis.sweep.SweepLevels;
import dev.infergate.config.ConfigException;
import dev.infergate.workload.PrefixMode;
import dev.infergate.workload.Preset;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A plan's {@code sweep:} step as {@link PlanReader} reads it (docs/acceptance.md, "A load sweep in the plan"). */
class SweepPlanTest {
    private static final String SIDES = "baseline: http://127.0.0.1:8000/v1\ncandidate: http://127.0.0.1:8001/v1\n";

    private static AcceptPlan read(String extra) {
        return PlanReader.read("plan.yaml", SIDES + extra);
    }

    @Test
    void aPlanWithoutASweepKey_hasNoSweepStep() {
        assertThat(read("").sweep()).isNull();
        assertThat(read("sweep: false\n").sweep()).isNull();
        assertThat(read("sweep: {enabled: false, concurrency: [1, 2]}\n").sweep()).isNull();
    }

    @Test
    void sweepTrue_takesTheCommandsDefaults_atConcurrencyOneFourAndSixteen() {
        SweepStep s = read("sweep: true\n").sweep();
        assertThat(s.levels().kind()).isEqualTo(SweepLevels.Kind.CONCURRENCY);
        assertThat(s.levels().values()).containsExactly(1.0, 4.0, 16.0);
        assertThat(s.levels().planned()).as("the comparisons the error is spread over").isEqualTo(3);
        assertThat(s.preset()).isEqualTo(Preset.SHORT_CHAT);
        assertThat(s.prefix()).isEqualTo(PrefixMode.FRESH);
        assertThat(s.requests().text()).isEqualTo("8x");
        assertThat(s.warmup().text()).isEqualTo("1x");
        assertThat(s.repeats()).isEqualTo(1);
        assertThat(s.gpus()).isZero();
        assertThat(s.target()).isEqualTo(0.95);
    }

    @Test
    void everyKey_isRead() {
        SweepStep s = read("""
                sweep:
                  workload: long-doc
                  prefix: shared
                  rate: [2, 4.5, 8]
                  requests: 40
                  warmup: 2x
                  repeats: 3
                  gpus: 8
                  target: 90%
                """).sweep();
        assertThat(s.levels().kind()).isEqualTo(SweepLevels.Kind.RATE);
        assertThat(s.levels().values()).containsExactly(2.0, 4.5, 8.0);
        assertThat(s.preset()).isEqualTo(Preset.LONG_DOC);
        assertThat(s.prefix()).isEqualTo(PrefixMode.SHARED);
        assertThat(s.requests().text()).isEqualTo("40");
        assertThat(s.warmup().text()).isEqualTo("2x");
        assertThat(s.repeats()).isEqualTo(3);
        assertThat(s.gpus()).isEqualTo(8);
        assertThat(s.target()).isEqualTo(0.90);
    }

    @Test
    void autoLevels_doubleFromTheOneLevelGiven_upToMaxLevels() {
        SweepStep s = read("sweep: {levels: auto, concurrency: 2, max_levels: 5}\n").sweep();
        assertThat(s.levels().auto()).isTrue();
        assertThat(s.levels().planned()).isEqualTo(5);
        assertThat(s.levels().level(2).value()).isEqualTo(8);
    }

    @Test
    void aMisspelledKey_isAnsweredWithDidYouMean_atItsLine() {
        assertThatThrownBy(() -> read("sweep:\n  concurency: [1, 4]\n")).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("plan.yaml line 4, key sweep.concurency: unknown key (did you mean concurrency?)");
        assertThatThrownBy(() -> read("swep: true\n")).hasMessageContaining("unknown key (did you mean sweep?)");
    }

    @Test
    void mistakes_nameTheirKey_andSayWhatIsAccepted() {
        assertThatThrownBy(() -> read("sweep: {concurrency: [4, 1]}\n"))
                .hasMessageContaining("key sweep.concurrency: concurrency levels must rise: 1 follows 4");
        assertThatThrownBy(() -> read("sweep: {concurrency: [1], rate: [2]}\n"))
                .hasMessageContaining("key sweep.rate: and concurrency are both given");
        assertThatThrownBy(() -> read("sweep: {levels: sometimes}\n"))
                .hasMessageContaining("key sweep.levels: 'sometimes' is neither listed nor auto");
        assertThatThrownBy(() -> read("sweep: {requests: 0}\n")).hasMessageContaining("key sweep.requests: requests 0 must be >= 1");
        assertThatThrownBy(() -> read("sweep: {workload: agent}\n"))
                .hasMessageContaining("agent sessions run in the matrix only");
        assertThatThrownBy(() -> read("sweep: {target: 1}\n")).hasMessageContaining("key sweep.target: (1) must be a share below 1");
    }

    @Test
    void anImportedBaseline_cannotBeSwept() {
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", "candidate: http://127.0.0.1:8001/v1\nsweep: true\n",
                Path.of("vllm-result.json"))).hasMessageContaining("key sweep: measures both sides at every level, and the"
                        + " baseline is imported");
    }

    @Test
    void aPlanWithASweep_keepsItThroughAnotherBaseline() {
        AcceptPlan plan = read("sweep: true\n");
        assertThat(plan.withBaseline(plan.candidate()).sweep()).isEqualTo(plan.sweep());
    }
}
