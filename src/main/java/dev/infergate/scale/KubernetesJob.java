package dev.infergate.scale;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.infergate.client.ApiKeys;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Kubernetes objects of one scale-out run: a Kubernetes Indexed Job whose pod {@code i} of {@code n} runs
 * {@code infergate k8s worker} on shard {@code i/n}, the ConfigMap that is its start barrier, and the
 * ServiceAccount, Role and RoleBinding that let the pods read that ConfigMap (and nothing else). Each pod sets
 * itself up (preflight, warm-up), then becomes Ready and waits; once every pod is Ready the launcher (or a
 * person, for the printed form) writes {@code start-at} into the ConfigMap, a lead ahead, and every shard starts
 * its schedule at that instant. With one {@code --prompt-salt} the shards together send exactly the schedule one
 * machine would, and their run directories merge without loss.
 *
 * <p>No credential is held here: the API key and credential headers come from a Secret through
 * {@code secretKeyRef} ({@link CredentialHeaders}).
 *
 * @param name             the Job's name, a DNS label; the other objects derive theirs from it
 * @param namespace        where the objects go
 * @param image            a container image whose entrypoint is the infergate CLI (Jib or the Dockerfile)
 * @param workers          pods, one shard each
 * @param runArgs          the {@code run} options every shard shares (no --shard, --start-at, --out, --prompt-salt)
 * @param promptSalt       the fresh-prompt salt every shard shares
 * @param apiKeySecret     a Secret holding key {@code api-key}, exposed as {@link ApiKeys#DEFAULT_ENV}; or null
 * @param headerSecret     a Secret holding credential header values, one key per header name in lower case; or null
 * @param resultsClaim     a PersistentVolumeClaim (ReadWriteMany) for the run directories; or null for an emptyDir
 * @param streamResults    whether each pod prints its run directory into its log at the end ({@link ShardArchive})
 * @param resources        each pod's CPU and memory
 * @param ttlAfterFinished how long Kubernetes keeps the finished Job before deleting it
 */
public record KubernetesJob(String name, String namespace, String image, int workers, List<String> runArgs,
        long promptSalt, String apiKeySecret, String headerSecret, String resultsClaim, boolean streamResults,
        PodResources resources, Duration ttlAfterFinished) {

    /** The file a pod creates once set up; its readiness probe tests it. */
    public static final String READY_FILE = "/tmp/infergate-ready";
    /** The ConfigMap key holding the published start (ISO-8601). */
    public static final String START_KEY = "start-at";
    /** The ConfigMap key that asks the pods to stop ("true"). */
    public static final String STOP_KEY = "stop";
    /** The label every object and pod carries, with the Job's name. */
    public static final String RUN_LABEL = "infergate.dev/run";

    /**
     * A pod's resources. The JVM's heap follows the memory limit (the image runs java with -XX:MaxRAMPercentage=75).
     *
     * @param cpu    CPU request, e.g. "2"
     * @param memory memory request and limit, e.g. "4Gi"
     */
    public record PodResources(String cpu, String memory) {
        public static final PodResources DEFAULT = new PodResources("2", "4Gi");

        public PodResources {
            if (cpu == null || !cpu.matches("[0-9]+(\\.[0-9]+)?m?")) {
                throw new IllegalArgumentException("--cpu (" + cpu + ") must be a Kubernetes CPU quantity, e.g. 2 or 500m");
            }
            if (memory == null || !memory.matches("[0-9]+(Ki|Mi|Gi|Ti|k|M|G|T)?")) {
                throw new IllegalArgumentException("--memory (" + memory + ") must be a Kubernetes memory quantity, e.g. 4Gi");
            }
        }
    }

    public KubernetesJob {
        if (workers < 1) {
            throw new IllegalArgumentException("workers (" + workers + ") must be >= 1");
        }
        if (name == null || !name.matches("[a-z0-9]([-a-z0-9]{0,44}[a-z0-9])?")) {
            throw new IllegalArgumentException("job name (" + name + ") must be a DNS label of at most 46 characters: "
                    + "lower-case letters, digits and '-'");
        }
        if (namespace == null || !namespace.matches("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?")) {
            throw new IllegalArgumentException("namespace (" + namespace + ") must be a DNS label");
        }
        if (image == null || image.isBlank()) {
            throw new IllegalArgumentException("--image is needed: a container image with infergate (docs/scale-out.md)");
        }
        new LaunchSpec(workers, runArgs, promptSalt, Path.of("."), Duration.ZERO, Duration.ofSeconds(1),
                Duration.ZERO); // refuses per-shard options with the launcher's message
        if (ttlAfterFinished.isNegative()) {
            throw new IllegalArgumentException("--ttl (" + ttlAfterFinished + ") must be >= 0");
        }
        runArgs = List.copyOf(runArgs);
        CredentialHeaders.of(runArgs, headerSecret); // refuses a credential header without a Secret, now
    }

    /** The ConfigMap the pods poll for the start. */
    public String barrierName() {
        return name + "-start";
    }

    /** Every object, in the order to create them: ServiceAccount, Role, RoleBinding, ConfigMap, Job. */
    public List<Map<String, Object>> manifests() {
        return List.of(serviceAccount(), role(), roleBinding(), barrier(), job());
    }

    /** The manifests as YAML documents. */
    public String toYaml() {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS));
        StringBuilder text = new StringBuilder();
        try {
            for (Map<String, Object> manifest : manifests()) {
                text.append(text.length() == 0 ? "" : "---\n").append(yaml.writeValueAsString(manifest));
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        return text.toString();
    }

    private Map<String, Object> object(String apiVersion, String kind, String objectName) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("apiVersion", apiVersion);
        object.put("kind", kind);
        object.put("metadata", metadata(objectName));
        return object;
    }

    private Map<String, Object> metadata(String objectName) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("name", objectName);
        metadata.put("namespace", namespace);
        metadata.put("labels", labels());
        return metadata;
    }

    private Map<String, Object> labels() {
        return Map.of("app.kubernetes.io/name", "infergate", RUN_LABEL, name);
    }

    Map<String, Object> serviceAccount() {
        return object("v1", "ServiceAccount", name);
    }

    Map<String, Object> role() {
        Map<String, Object> role = object("rbac.authorization.k8s.io/v1", "Role", name);
        role.put("rules", List.of(Map.of("apiGroups", List.of(""), "resources", List.of("configmaps"),
                "resourceNames", List.of(barrierName()), "verbs", List.of("get"))));
        return role;
    }

    Map<String, Object> roleBinding() {
        Map<String, Object> binding = object("rbac.authorization.k8s.io/v1", "RoleBinding", name);
        binding.put("roleRef", Map.of("apiGroup", "rbac.authorization.k8s.io", "kind", "Role", "name", name));
        binding.put("subjects", List.of(Map.of("kind", "ServiceAccount", "name", name, "namespace", namespace)));
        return binding;
    }

    Map<String, Object> barrier() {
        Map<String, Object> configMap = object("v1", "ConfigMap", barrierName());
        configMap.put("data", Map.of());
        return configMap;
    }

    Map<String, Object> job() {
        Map<String, Object> job = object("batch/v1", "Job", name);
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("completionMode", "Indexed");
        spec.put("completions", workers);
        spec.put("parallelism", workers);
        spec.put("backoffLimit", 0); // a retried shard would send its requests twice
        spec.put("ttlSecondsAfterFinished", ttlAfterFinished.toSeconds());
        spec.put("template", Map.of("metadata", Map.of("labels", labels()), "spec", podSpec()));
        job.put("spec", spec);
        return job;
    }

    private Map<String, Object> podSpec() {
        CredentialHeaders credentials = CredentialHeaders.of(runArgs, headerSecret);
        List<String> args = new ArrayList<>(List.of("k8s", "worker", "--barrier", "configmap:" + barrierName(),
                "--ready-file", READY_FILE));
        if (streamResults) {
            args.add("--stream-results");
        }
        args.add("--");
        args.addAll(credentials.args());
        args.addAll(List.of("--shard", "$(JOB_COMPLETION_INDEX)/" + workers, "--prompt-salt", Long.toString(promptSalt),
                "--out", "/results/" + name + "/shard-$(JOB_COMPLETION_INDEX)", "--no-progress"));
        Map<String, Object> container = new LinkedHashMap<>();
        container.put("name", "infergate");
        container.put("image", image);
        container.put("args", args); // the image's entrypoint is the CLI: java -XX:MaxRAMPercentage=75 ...
        List<Map<String, Object>> env = new ArrayList<>();
        if (apiKeySecret != null) {
            env.add(Map.of("name", ApiKeys.DEFAULT_ENV, "valueFrom",
                    Map.of("secretKeyRef", Map.of("name", apiKeySecret, "key", "api-key"))));
        }
        env.addAll(credentials.env());
        if (!env.isEmpty()) {
            container.put("env", env);
        }
        container.put("resources", Map.of("requests", Map.of("cpu", resources.cpu(), "memory", resources.memory()),
                "limits", Map.of("memory", resources.memory())));
        container.put("readinessProbe", Map.of("exec", Map.of("command", List.of("cat", READY_FILE)),
                "periodSeconds", 1, "failureThreshold", 1));
        container.put("volumeMounts", List.of(Map.of("name", "results", "mountPath", "/results")));
        Map<String, Object> pod = new LinkedHashMap<>();
        pod.put("serviceAccountName", name);
        pod.put("restartPolicy", "Never");
        pod.put("containers", List.of(container));
        pod.put("volumes", List.of(resultsClaim == null ? Map.of("name", "results", "emptyDir", Map.of())
                : Map.of("name", "results", "persistentVolumeClaim", Map.of("claimName", resultsClaim))));
        return pod;
    }
}
