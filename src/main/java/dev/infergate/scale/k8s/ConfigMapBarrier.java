package dev.infergate.scale.k8s;

import dev.infergate.scale.BarrierSource;
import dev.infergate.scale.KubernetesJob;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;

/**
 * A pod's barrier: it polls the run's ConfigMap (its ServiceAccount may read that one object, nothing else) for
 * {@code start-at} and {@code stop}, every 250 ms: a start published 5 s ahead reaches every pod in time.
 */
public final class ConfigMapBarrier implements BarrierSource {
    private final KubernetesClient client;
    private final String namespace;
    private final String name;
    private final boolean ownsClient;

    public ConfigMapBarrier(KubernetesClient client, String namespace, String name, boolean ownsClient) {
        this.client = client;
        this.namespace = namespace;
        this.name = name;
        this.ownsClient = ownsClient;
    }

    /** From inside a pod: the in-cluster configuration (ServiceAccount token, the pod's namespace). */
    public static ConfigMapBarrier inCluster(String name) {
        KubernetesClient client = new KubernetesClientBuilder().build();
        return new ConfigMapBarrier(client, client.getNamespace(), name, true);
    }

    @Override
    public Signal poll() throws IOException {
        ConfigMap map;
        try {
            map = client.configMaps().inNamespace(namespace).withName(name).get();
        } catch (KubernetesClientException e) {
            throw new IOException("cannot read ConfigMap " + namespace + "/" + name + ": " + e.getMessage(), e);
        }
        Map<String, String> data = map == null || map.getData() == null ? Map.of() : map.getData();
        return new Signal(instant(data.get(KubernetesJob.START_KEY)), "true".equals(data.get(KubernetesJob.STOP_KEY)));
    }

    private static Instant instant(String text) {
        try {
            return text == null ? null : Instant.parse(text.trim());
        } catch (DateTimeParseException e) {
            return null; // someone wrote something else there: keep waiting for a proper instant
        }
    }

    @Override
    public Duration pollInterval() {
        return Duration.ofMillis(250);
    }

    @Override
    public void close() {
        if (ownsClient) {
            client.close();
        }
    }
}
