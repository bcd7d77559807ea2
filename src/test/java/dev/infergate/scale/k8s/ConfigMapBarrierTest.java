package dev.infergate.scale.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.scale.BarrierSource;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A pod's side of the barrier: it reads the start, and later a stop, from the run's ConfigMap. */
class ConfigMapBarrierTest {
    @Test
    void readsNothing_thenTheStart_thenAStop() throws Exception {
        try (FakeKubernetesApi api = new FakeKubernetesApi(Map.of());
                KubernetesClient client = KubernetesFleetTest.client(api);
                ConfigMapBarrier barrier = new ConfigMapBarrier(client, "ns1", "bench-start", false)) {
            assertThat(barrier.poll()).as("no ConfigMap yet").isEqualTo(BarrierSource.Signal.NONE);
            client.configMaps().inNamespace("ns1").resource(new ConfigMapBuilder().withNewMetadata().withName("bench-start")
                    .withNamespace("ns1").endMetadata().build()).create();
            assertThat(barrier.poll()).isEqualTo(BarrierSource.Signal.NONE);
            var configMap = client.configMaps().inNamespace("ns1").withName("bench-start");
            configMap.patch(PatchContext.of(PatchType.JSON_MERGE), "{\"data\":{\"start-at\":\"not a time\"}}");
            assertThat(barrier.poll().startAt()).as("garbage is no start").isNull();
            configMap.patch(PatchContext.of(PatchType.JSON_MERGE), "{\"data\":{\"start-at\":\"2026-12-04T08:00:05.250Z\"}}");
            assertThat(barrier.poll()).isEqualTo(new BarrierSource.Signal(Instant.parse("2026-12-04T08:00:05.250Z"), false));
            configMap.patch(PatchContext.of(PatchType.JSON_MERGE), "{\"data\":{\"stop\":\"true\"}}");
            assertThat(barrier.poll().stop()).isTrue();
        }
    }
}
