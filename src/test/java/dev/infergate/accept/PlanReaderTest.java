package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.config.ConfigException;
import dev.infergate.workload.Preset;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PlanReaderTest {
    @Test
    void aMinimalPlanIsTwoUrls_andGetsEighteenConditions() {
        AcceptPlan plan = PlanReader.read("plan.yaml", "baseline: http://127.0.0.1:8000/v1\ncandidate: http://127.0.0.1:8001/v1\n");

        assertThat(plan.conditions()).hasSize(18).startsWith("short-chat/fresh/low", "short-chat/fresh/typical")
                .contains("long-output/shared/near-limit");
        assertThat(plan.repeats()).isEqualTo(3);
        assertThat(plan.capacity().target()).isEqualTo(0.95);
        assertThat(plan.burst().multiplier()).isEqualTo(4);
        assertThat(plan.slo().ttft()).isEqualTo(Duration.ofSeconds(2));
        assertThat(plan.baseline().api()).isEqualTo("chat");
    }

    @Test
    void aFullPlan_readsEveryValue() {
        AcceptPlan plan = PlanReader.read("plan.yaml", """
                baseline:
                  url: http://a:8000/v1
                  model: llama
                  labels: {gpu: H100, engine: vllm-0.8, sampling.temperature: 0}
                candidate: {url: http://b:8000/v1, labels: {gpu: H100, engine: vllm-0.9}}
                matrix:
                  workloads: [long-doc]
                  prefixes: shared
                  loads:
                    low: {rate: 0.5}
                    high: {fraction: 90%}
                repeats: 2
                requests: 50
                slo: {ttft: 1s, e2e: 30s}
                criteria:
                  ttft.p95: {max_regression: 10%}
                capacity: {target: 0.9, duration: 5s}
                burst: {rate: 2, multiplier: 3, during: 5s}
                """);

        assertThat(plan.workloads()).containsExactly(Preset.LONG_DOC);
        assertThat(plan.conditions()).containsExactly("long-doc/shared/low", "long-doc/shared/high");
        assertThat(plan.loads().get(1).capacityFraction()).isEqualTo(0.9);
        assertThat(plan.baseline().labels()).containsEntry("sampling.temperature", "0");
        assertThat(plan.criteria().global()).hasSize(1);
        assertThat(plan.capacity().probeDuration()).isEqualTo(Duration.ofSeconds(5));
        assertThat(plan.burst().baseRate()).isEqualTo(2);
    }

    @Test
    void errorsNameTheLineAndTheKey() {
        String plan = "baseline: http://a/v1\ncandidate: http://b/v1\nmatrix:\n  loads:\n    typical: {rate: 2, concurrency: 4}\n";
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", plan)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("plan.yaml line 5, key matrix.loads.typical: give exactly one of concurrency");

        assertThatThrownBy(() -> PlanReader.read("plan.yaml", "baseline: http://a/v1\ncandidate: http://b/v1\nrepeat: 3\n"))
                .hasMessageStartingWith("plan.yaml line 3, key repeat: unknown key; expected one of");

        assertThatThrownBy(() -> PlanReader.read("plan.yaml", "baseline: http://a/v1\ncandidate: http://b/v1\n"
                + "matrix: {workloads: [short-chat, tiny-chat]}\n"))
                .hasMessageStartingWith("plan.yaml line 3, key matrix.workloads[1]: unknown preset 'tiny-chat'");

        assertThatThrownBy(() -> PlanReader.read("plan.yaml", "baseline: http://a/v1\n"))
                .hasMessageContaining("needs a 'candidate' endpoint");

        assertThatThrownBy(() -> PlanReader.read("plan.yaml", "baseline: http://a/v1\ncandidate: http://b/v1\n"
                + "capacity: false\nburst: {multiplier: 3}\n"))
                .hasMessageStartingWith("plan.yaml line 4, key burst: needs a rate when capacity is disabled");

        assertThatThrownBy(() -> PlanReader.read("plan.yaml", "baseline: http://a/v1\ncandidate: http://b/v1\n"
                + "criteria:\n  ttft.p95: {max_regression: 10}\n"))
                .hasMessageStartingWith("plan.yaml line 4, key criteria.ttft.p95.max_regression:");
    }
}
