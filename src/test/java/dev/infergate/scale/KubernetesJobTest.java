package dev.infergate.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.databind.MappingIterator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KubernetesJobTest {
    static final KubernetesJob.PodResources RES = new KubernetesJob.PodResources("2", "4Gi");

    static KubernetesJob job(List<String> runArgs, String apiKeySecret, String headerSecret, String claim) {
        return new KubernetesJob("bench", "ns1", "reg/infergate:1", 4, runArgs, 42, apiKeySecret, headerSecret, claim,
                claim == null, RES, Duration.ofHours(1));
    }

    static List<JsonNode> parse(KubernetesJob job) throws Exception {
        try (MappingIterator<JsonNode> docs = new ObjectMapper(new YAMLFactory()).readerFor(JsonNode.class).readValues(job.toYaml())) {
            return docs.readAll();
        }
    }

    static List<String> args(JsonNode container) {
        List<String> args = new ArrayList<>();
        container.path("args").forEach(a -> {
            assertThat(a.isTextual()).as("argument %s must be a YAML string", a).isTrue();
            args.add(a.asText());
        });
        return args;
    }

    @Test
    void everyPodRunsItsShard_behindTheConfigMapBarrier_withItsHeapFromTheMemoryLimit() throws Exception {
        List<JsonNode> docs = parse(job(List.of("--base-url", "http://vllm:8000/v1", "--rate", "100", "--duration", "5m"), "key", null, null));
        assertThat(docs).extracting(d -> d.path("kind").asText())
                .containsExactly("ServiceAccount", "Role", "RoleBinding", "ConfigMap", "Job");
        JsonNode job = docs.get(4);
        assertThat(job.at("/spec/completionMode").asText()).isEqualTo("Indexed");
        assertThat(job.at("/spec/completions").asInt()).isEqualTo(4);
        assertThat(job.at("/spec/parallelism").asInt()).isEqualTo(4);
        assertThat(job.at("/spec/backoffLimit").asInt()).isZero();
        assertThat(job.at("/spec/ttlSecondsAfterFinished").asLong()).isEqualTo(3600);
        JsonNode pod = job.at("/spec/template/spec");
        assertThat(pod.path("serviceAccountName").asText()).isEqualTo("bench");
        JsonNode container = pod.at("/containers/0");
        assertThat(container.has("command")).as("the image's entrypoint (java -XX:MaxRAMPercentage=75) stays").isFalse();
        assertThat(args(container)).startsWith("k8s", "worker", "--barrier", "configmap:bench-start")
                .contains("--stream-results").containsSubsequence("--rate", "100")
                .containsSubsequence("--shard", "$(JOB_COMPLETION_INDEX)/4")
                .containsSubsequence("--prompt-salt", "42")
                .doesNotContain("--start-at");
        assertThat(container.at("/readinessProbe/exec/command/1").asText()).isEqualTo(KubernetesJob.READY_FILE);
        assertThat(container.at("/resources/limits/memory").asText()).isEqualTo("4Gi");
        assertThat(container.at("/env/0/valueFrom/secretKeyRef/name").asText()).isEqualTo("key");
        assertThat(pod.at("/volumes/0/emptyDir").isObject()).isTrue();
        JsonNode rule = docs.get(1).at("/rules/0");
        assertThat(rule.path("resourceNames").toString()).isEqualTo("[\"bench-start\"]");
        assertThat(rule.path("verbs").toString()).isEqualTo("[\"get\"]");
        assertThat(docs.get(2).at("/subjects/0/namespace").asText()).isEqualTo("ns1");
    }

    @Test
    void aResultsClaim_holdsTheRunDirectories_andThePodsDoNotStreamThem() throws Exception {
        JsonNode pod = parse(job(List.of("--base-url", "http://vllm:8000/v1"), null, null, "results")).get(4).at("/spec/template/spec");
        assertThat(pod.at("/volumes/0/persistentVolumeClaim/claimName").asText()).isEqualTo("results");
        assertThat(args(pod.at("/containers/0"))).doesNotContain("--stream-results");
    }

    @Test
    void shardOptionsInTheRunArguments_areRefused() {
        assertThatThrownBy(() -> job(List.of("--shard", "0/2"), null, null, null)).hasMessageContaining("leave --shard out");
        assertThatThrownBy(() -> job(List.of("--start-at=2026-12-02T16:30:00Z"), null, null, null)).hasMessageContaining("leave --start-at out");
        assertThatThrownBy(() -> new KubernetesJob("Bad_Name", "ns", "img", 2, List.of(), 1, null, null, null, true, RES, Duration.ZERO))
                .hasMessageContaining("DNS label");
    }

    @Test
    void credentialHeaders_becomeSecretReferences_andTheirValuesAreNotPrinted() throws Exception {
        KubernetesJob job = job(List.of("--base-url", "http://vllm:8000/v1",
                "--header", "x-api-key: sk-topsecret-1", "--header=Authorization: Bearer sk-topsecret-2",
                "--header", "X-Trace: visible"), null, "creds", null);
        String yaml = job.toYaml();
        assertThat(yaml).doesNotContain("sk-topsecret").contains("X-Trace: visible");
        JsonNode container = parse(job).get(4).at("/spec/template/spec/containers/0");
        assertThat(container.path("args").toString()).contains("x-api-key: $(INFERGATE_HEADER_1)")
                .contains("--header=Authorization: $(INFERGATE_HEADER_2)");
        assertThat(container.at("/env/0/name").asText()).isEqualTo("INFERGATE_HEADER_1");
        assertThat(container.at("/env/0/valueFrom/secretKeyRef/key").asText()).isEqualTo("x-api-key");
        assertThat(container.at("/env/1/valueFrom/secretKeyRef/key").asText()).isEqualTo("authorization");
        assertThat(container.at("/env/1/valueFrom/secretKeyRef/name").asText()).isEqualTo("creds");
        assertThat(CredentialHeaders.secretValues(job.runArgs()))
                .containsEntry("x-api-key", "sk-topsecret-1").containsEntry("authorization", "Bearer sk-topsecret-2").hasSize(2);
    }

    @Test
    void aCredentialHeaderWithoutASecret_isRefusedWithoutItsValue() {
        assertThatThrownBy(() -> job(List.of("--header", "X-Auth-Token: tok-hidden-9"), null, null, null))
                .hasMessageContaining("--header-secret").hasMessageContaining("x-auth-token")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("tok-hidden-9"));
    }

    @Test
    void aBaseUrlCarryingACredential_isRefused_naming_itWithoutTheCredential() {
        for (List<String> args : List.of(List.of("--base-url", "http://h:1/v1?api_key=SECRET99"),
                List.of("--base-url=http://user:SECRET99@h:1/v1"))) {
            assertThatThrownBy(() -> job(args, "key", "creds", null))
                    .hasMessageContaining("--api-key-secret").hasMessageContaining("<redacted>")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("SECRET99"));
        }
    }
}
