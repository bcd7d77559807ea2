package dev.infergate.scale.k8s;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.infergate.scale.KubernetesJob;
import dev.infergate.scale.LaunchSpec;
import dev.infergate.scale.ShardArchive;
import dev.infergate.scale.WorkerFleet;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The workers as the pods of a Kubernetes Indexed Job ({@link KubernetesJob}), driven through the Kubernetes API:
 * creates a Secret for the credentials (the only object holding them), the barrier ConfigMap, the pods'
 * ServiceAccount and Role, and the Job; counts Ready pods for the barrier, publishes the start and a stop in the
 * ConfigMap, follows each pod's log for progress and its results ({@link PodLogs}), and deletes what it created
 * unless told to keep it.
 */
public final class KubernetesFleet implements WorkerFleet {
    /** The pod annotation holding its shard index. */
    static final String INDEX_ANNOTATION = "batch.kubernetes.io/job-completion-index";

    private final KubernetesClient client;
    private final KubernetesJob job;
    private final LaunchSpec spec;
    private final Map<String, String> secretData;
    private final String secretName;
    private final boolean keep;
    private final List<HasMetadata> created = new ArrayList<>();
    private final PodLogs logs;
    private volatile List<Pod> pods = List.of();
    private static final long LIST_EVERY_NANOS = 1_000_000_000L;
    private long lastListNanos = System.nanoTime() - LIST_EVERY_NANOS;

    /**
     * @param secretData the Secret's keys and values ({@code api-key}, credential header names); empty: no Secret.
     *                   {@code job} must refer to {@link #secretName(String)} for them.
     * @param keep       leave every object in place at the end (for a look with kubectl)
     */
    public KubernetesFleet(KubernetesClient client, KubernetesJob job, LaunchSpec spec, Map<String, String> secretData,
            boolean keep) {
        this.client = client;
        this.job = job;
        this.spec = spec;
        this.secretData = Map.copyOf(secretData);
        this.secretName = secretName(job.name());
        this.keep = keep;
        this.logs = new PodLogs(client, job.namespace(), spec);
    }

    /** The Secret a run named {@code jobName} keeps its credentials in. */
    public static String secretName(String jobName) {
        return jobName + "-credentials";
    }

    @Override
    public void start(Lines lines) throws IOException {
        logs.sendTo(lines);
        String ns = job.namespace();
        try {
            if (!secretData.isEmpty()) {
                Secret secret = new SecretBuilder().withNewMetadata().withName(secretName).withNamespace(ns)
                        .addToLabels(KubernetesJob.RUN_LABEL, job.name()).endMetadata()
                        .withType("Opaque").withStringData(secretData).build();
                created.add(client.secrets().inNamespace(ns).resource(secret).create());
            }
            var json = client.getKubernetesSerialization();
            List<ObjectNode> manifests = job.manifests();
            created.add(client.serviceAccounts().inNamespace(ns).resource(json.convertValue(manifests.get(0), ServiceAccount.class)).create());
            created.add(client.rbac().roles().inNamespace(ns).resource(json.convertValue(manifests.get(1), Role.class)).create());
            created.add(client.rbac().roleBindings().inNamespace(ns).resource(json.convertValue(manifests.get(2), RoleBinding.class)).create());
            created.add(client.configMaps().inNamespace(ns).resource(json.convertValue(manifests.get(3), ConfigMap.class)).create());
            created.add(client.batch().v1().jobs().inNamespace(ns).resource(json.convertValue(manifests.get(4), Job.class)).create());
        } catch (KubernetesClientException e) {
            throw new IOException("cannot create the run's objects in namespace " + ns + " at " + client.getMasterUrl()
                    + ": " + oneLine(e) + " (is the current kubectl context the right cluster?)", e);
        }
    }

    private void refreshPods() throws IOException {
        long now = System.nanoTime();
        if (now - lastListNanos < LIST_EVERY_NANOS) {
            return; // the launcher polls often; the API server hears from us once a second
        }
        lastListNanos = now;
        try {
            pods = client.pods().inNamespace(job.namespace()).withLabel(KubernetesJob.RUN_LABEL, job.name()).list().getItems();
        } catch (KubernetesClientException e) {
            throw new IOException("cannot list the run's pods: " + oneLine(e), e);
        }
        for (Pod pod : pods) {
            Integer index = index(pod);
            String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
            if (index != null && ("Running".equals(phase) || "Succeeded".equals(phase) || "Failed".equals(phase))) {
                logs.follow(index, pod.getMetadata().getName());
            }
        }
    }

    static Integer index(Pod pod) {
        Map<String, String> annotations = pod.getMetadata().getAnnotations();
        String index = annotations == null ? null : annotations.get(INDEX_ANNOTATION);
        try {
            return index == null ? null : Integer.valueOf(index);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public int readyCount() throws IOException {
        refreshPods();
        return (int) pods.stream().filter(p -> "Running".equals(p.getStatus().getPhase()) && p.getStatus().getConditions() != null
                && p.getStatus().getConditions().stream().anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus())))
                .count();
    }

    @Override
    public Map<Integer, Integer> ended() throws IOException {
        refreshPods();
        Map<Integer, Integer> ended = new TreeMap<>();
        for (Pod pod : pods) {
            Integer index = index(pod);
            String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
            if (index != null && ("Succeeded".equals(phase) || "Failed".equals(phase)) && logs.finished(index)) {
                ended.put(index, exitCode(pod));
            }
        }
        return ended;
    }

    private static int exitCode(Pod pod) {
        var statuses = pod.getStatus().getContainerStatuses();
        if (statuses == null || statuses.isEmpty() || statuses.get(0).getState() == null
                || statuses.get(0).getState().getTerminated() == null) {
            return -1;
        }
        return statuses.get(0).getState().getTerminated().getExitCode();
    }

    @Override
    public void publishStart(Instant startAt) throws IOException {
        publish("{\"data\":{\"" + KubernetesJob.START_KEY + "\":\"" + startAt + "\"}}");
    }

    @Override
    public void publishStop() throws IOException {
        publish("{\"data\":{\"" + KubernetesJob.STOP_KEY + "\":\"true\"}}");
    }

    private void publish(String mergePatch) throws IOException {
        try {
            client.configMaps().inNamespace(job.namespace()).withName(job.barrierName())
                    .patch(PatchContext.of(PatchType.JSON_MERGE), mergePatch);
        } catch (KubernetesClientException e) {
            throw new IOException("cannot write the barrier ConfigMap " + job.barrierName() + ": " + oneLine(e), e);
        }
    }

    @Override
    public Path collect(int index) throws IOException {
        Path dir = spec.shardDir(index);
        ShardArchive.Receiver followed = logs.receiver(index);
        if (followed == null || !followed.complete()) {
            String pod = logs.podName(index);
            if (pod != null) {
                logs.reread(index, pod); // the followed stream broke off: read the whole log once more
            }
        }
        return Files.exists(dir.resolve(dev.infergate.record.RunLog.RUN_FILE)) ? dir : null;
    }

    @Override
    public String describe() {
        return spec.workers() + " pods of Job " + job.namespace() + "/" + job.name();
    }

    @Override
    public void close() throws IOException {
        logs.close();
        if (keep) {
            return;
        }
        List<HasMetadata> reversed = new ArrayList<>(created);
        Collections.reverse(reversed);
        List<String> failed = new ArrayList<>();
        for (HasMetadata object : reversed) {
            try {
                client.resource(object).inNamespace(job.namespace())
                        .withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();
            } catch (KubernetesClientException e) {
                failed.add(object.getKind() + " " + object.getMetadata().getName());
            }
        }
        created.clear();
        if (!failed.isEmpty()) {
            throw new IOException("could not delete " + String.join(", ", failed) + " in namespace " + job.namespace()
                    + "; delete them with kubectl -n " + job.namespace() + " delete job,configmap,secret,role,rolebinding,serviceaccount -l "
                    + KubernetesJob.RUN_LABEL + "=" + job.name());
        }
    }

    /** The API server's own message, or the innermost cause's (e.g. "Connection refused"), on one line. */
    static String oneLine(KubernetesClientException e) {
        if (e.getStatus() != null && e.getStatus().getMessage() != null) {
            return e.getStatus().getMessage().lines().findFirst().orElse("");
        }
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
        return message.lines().findFirst().orElse("");
    }
}
