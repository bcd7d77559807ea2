package dev.infergate.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KubernetesJobTest {
    private static final Instant START = Instant.parse("2026-12-02T16:30:00Z");

    static JsonNode parse(KubernetesJob job) throws Exception {
        return new ObjectMapper(new YAMLFactory()).readTree(job.toYaml());
    }

    @Test
    void everyPodRunsItsShardOfOneScheduleStartingTogether() throws Exception {
        JsonNode job = parse(new KubernetesJob("bench", "reg/infergate:1", 4,
                List.of("--base-url", "http://vllm:8000/v1", "--rate", "100", "--duration", "5m"), START, 42, "key", null));
        assertThat(job.at("/spec/completionMode").asText()).isEqualTo("Indexed");
        assertThat(job.at("/spec/completions").asInt()).isEqualTo(4);
        JsonNode container = job.at("/spec/template/spec/containers/0");
        List<String> args = new ArrayList<>();
        container.path("args").forEach(a -> {
            assertThat(a.isTextual()).as("argument %s must be a YAML string", a).isTrue();
            args.add(a.asText());
        });
        assertThat(args).containsSubsequence("--rate", "100")
                .containsSubsequence("--shard", "$(JOB_COMPLETION_INDEX)/4")
                .containsSubsequence("--start-at", "2026-12-02T16:30:00Z")
                .containsSubsequence("--prompt-salt", "42");
        assertThat(container.at("/env/0/valueFrom/secretKeyRef/name").asText()).isEqualTo("key");
        assertThat(job.toString()).doesNotContain("Bearer");
    }

    @Test
    void shardOptionsInTheRunArguments_areRefused() {
        assertThatThrownBy(() -> new KubernetesJob("bench", "img", 2, List.of("--shard", "0/2"), START, 1, null, null))
                .hasMessageContaining("leave --shard out");
        assertThatThrownBy(() -> new KubernetesJob("Bad_Name", "img", 2, List.of(), START, 1, null, null))
                .hasMessageContaining("DNS label");
    }

    @Test
    void credentialHeaders_becomeSecretReferences_andTheirValuesAreNotPrinted() throws Exception {
        KubernetesJob job = new KubernetesJob("bench", "img", 2, List.of("--base-url", "http://vllm:8000/v1",
                "--header", "x-api-key: sk-topsecret-1", "--header=Authorization: Bearer sk-topsecret-2",
                "--header", "X-Trace: visible"), START, 1, null, null, "creds");
        String yaml = job.toYaml();
        assertThat(yaml).doesNotContain("sk-topsecret").contains("X-Trace: visible");
        JsonNode container = parse(job).at("/spec/template/spec/containers/0");
        assertThat(container.path("args").toString()).contains("x-api-key: $(INFERGATE_HEADER_1)")
                .contains("--header=Authorization: $(INFERGATE_HEADER_2)");
        assertThat(container.at("/env/0/name").asText()).isEqualTo("INFERGATE_HEADER_1");
        assertThat(container.at("/env/0/valueFrom/secretKeyRef/key").asText()).isEqualTo("x-api-key");
        assertThat(container.at("/env/1/valueFrom/secretKeyRef/key").asText()).isEqualTo("authorization");
        assertThat(container.at("/env/1/valueFrom/secretKeyRef/name").asText()).isEqualTo("creds");
    }

    @Test
    void aCredentialHeaderWithoutASecret_isRefusedWithoutItsValue() {
        assertThatThrownBy(() -> new KubernetesJob("bench", "img", 2, List.of("--header", "X-Auth-Token: tok-hidden-9"),
                START, 1, null, null))
                .hasMessageContaining("--header-secret").hasMessageContaining("x-auth-token")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("tok-hidden-9"));
    }
}
