package dev.infergate.accept;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infergate.analysis.compare.EmbeddingsCriteria;
import dev.infergate.config.ConfigException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Plans whose sides are embeddings endpoints: only what applies without output tokens. */
class EmbeddingsPlanTest {
    private static final String SIDES = """
            baseline: {url: 'http://127.0.0.1:8000/v1', api: embeddings}
            candidate: {url: 'http://127.0.0.1:8001/v1', api: embeddings}
            """;

    @Test
    void withoutCriteria_judgesLatencyThroughputAndErrors_andTheSloKeepsOnlyE2e() {
        AcceptPlan plan = PlanReader.read("plan.yaml", SIDES + "slo: {ttft: 1s, tpot: 50ms, e2e: 400ms}\n");
        assertThat(plan.criteria()).isEqualTo(EmbeddingsCriteria.DEFAULT);
        assertThat(plan.slo().ttft()).isNull();
        assertThat(plan.slo().tpot()).isNull();
        assertThat(plan.slo().e2e()).isEqualTo(Duration.ofMillis(400));
    }

    @Test
    void aGeneratingPlan_keepsItsDefaults() {
        AcceptPlan plan = PlanReader.read("plan.yaml", """
                baseline: {url: 'http://127.0.0.1:8000/v1', api: responses}
                candidate: {url: 'http://127.0.0.1:8001/v1', api: chat}
                slo: {e2e: 400ms}
                """);
        assertThat(plan.criteria().global()).anySatisfy(c -> assertThat(c.describe()).startsWith("ttft.p95"));
        assertThat(plan.baseline().api()).isEqualTo("responses");
    }

    @Test
    void aCriterionOnTokenTimes_isRefused_namingIt() {
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", SIDES + "slo: {e2e: 1s}\ncriteria:\n  ttft.p95: {max_regression: 10%}\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("ttft.p95 max_regression 10%: not applicable to embeddings");
    }

    @Test
    void capacityWithoutAnE2eTarget_isRefused() {
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", SIDES + "capacity: {start_rate: 10}\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("needs an e2e target");
    }

    @Test
    void embeddingsAgainstAGeneratingApi_isRefused() {
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", """
                baseline: {url: 'http://127.0.0.1:8000/v1', api: embeddings}
                candidate: {url: 'http://127.0.0.1:8001/v1'}
                """)).isInstanceOf(ConfigException.class).hasMessageContaining("compares embeddings with a generating API");
    }

    @Test
    void aQualityCheck_isRefused() {
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", SIDES + "slo: {e2e: 1s}\nquality: true\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("quality does not apply to embeddings");
    }

    @Test
    void aQualityCheckOnAResponsesSide_isRefused() {
        assertThatThrownBy(() -> PlanReader.read("plan.yaml", """
                baseline: {url: 'http://127.0.0.1:8000/v1', api: responses}
                candidate: {url: 'http://127.0.0.1:8001/v1'}
                quality: true
                """)).isInstanceOf(ConfigException.class).hasMessageContaining("not api: responses");
    }
}
