package dev.infergate.scale;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.infergate.client.ApiKeys;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

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

    /**
     * Every object, in the order to create them: ServiceAccount, Role, RoleBinding, ConfigMap, Job. Built as JSON
     * trees in this one place: a manifest is a document for the Kubernetes API (a YAML/JSON edge), read back by
     * fabric8's models in {@code scale.k8s} and printed by {@link #toYaml()}; keys keep the order written here.
     */
    public List<ObjectNode> manifests() {
        return List.of(serviceAccount(), role(), roleBinding(), barrier(), job());
    }

    /** The manifests as YAML documents. */
    public String toYaml() {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS));
        StringBuilder text = new StringBuilder();
        try {
            for (ObjectNode manifest : manifests()) {
                text.append(text.length() == 0 ? "" : "---\n").append(yaml.writeValueAsString(manifest));
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        return text.toString();
    }

    private static ObjectNode node() {
        return JsonNodeFactory.instance.objectNode();
    }

    private ObjectNode object(String apiVersion, String kind, String objectName) {
        ObjectNode object = node().put("apiVersion", apiVersion).put("kind", kind);
        ObjectNode metadata = object.putObject("metadata").put("name", objectName).put("namespace", namespace);
        metadata.set("labels", labels());
        return object;
    }

    private ObjectNode labels() {
        return node().put("app.kubernetes.io/name", "infergate").put(RUN_LABEL, name);
    }

    ObjectNode serviceAccount() {
        return object("v1", "ServiceAccount", name);
    }

    ObjectNode role() {
        ObjectNode role = object("rbac.authorization.k8s.io/v1", "Role", name);
        ObjectNode rule = role.putArray("rules").addObject();
        rule.putArray("apiGroups").add("");
        rule.putArray("resources").add("configmaps");
        rule.putArray("resourceNames").add(barrierName());
        rule.putArray("verbs").add("get");
        return role;
    }

    ObjectNode roleBinding() {
        ObjectNode binding = object("rbac.authorization.k8s.io/v1", "RoleBinding", name);
        binding.putObject("roleRef").put("apiGroup", "rbac.authorization.k8s.io").put("kind", "Role").put("name", name);
        binding.putArray("subjects").addObject().put("kind", "ServiceAccount").put("name", name).put("namespace", namespace);
        return binding;
    }

    ObjectNode barrier() {
        ObjectNode configMap = object("v1", "ConfigMap", barrierName());
        configMap.putObject("data");
        return configMap;
    }

    ObjectNode job() {
        ObjectNode job = object("batch/v1", "Job", name);
        ObjectNode spec = job.putObject("spec");
        spec.put("completionMode", "Indexed");
        spec.put("completions", workers);
        spec.put("parallelism", workers);
        spec.put("backoffLimit", 0); // a retried shard would send its requests twice
        spec.put("ttlSecondsAfterFinished", ttlAfterFinished.toSeconds());
        ObjectNode template = spec.putObject("template");
        template.putObject("metadata").set("labels", labels());
        template.set("spec", podSpec());
        return job;
    }

    private ObjectNode podSpec() {
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
        ObjectNode pod = node().put("serviceAccountName", name).put("restartPolicy", "Never");
        ObjectNode container = pod.putArray("containers").addObject().put("name", "infergate").put("image", image);
        ArrayNode argNodes = container.putArray("args"); // the image's entrypoint is the CLI: java -XX:MaxRAMPercentage=75 ...
        args.forEach(argNodes::add);
        List<CredentialHeaders.SecretVariable> env = new ArrayList<>();
        if (apiKeySecret != null) {
            env.add(new CredentialHeaders.SecretVariable(ApiKeys.DEFAULT_ENV, apiKeySecret, "api-key"));
        }
        env.addAll(credentials.env());
        if (!env.isEmpty()) {
            ArrayNode envNodes = container.putArray("env");
            for (CredentialHeaders.SecretVariable variable : env) {
                envNodes.addObject().put("name", variable.name()).putObject("valueFrom").putObject("secretKeyRef")
                        .put("name", variable.secret()).put("key", variable.key());
            }
        }
        ObjectNode resourceNodes = container.putObject("resources");
        resourceNodes.putObject("requests").put("cpu", resources.cpu()).put("memory", resources.memory());
        resourceNodes.putObject("limits").put("memory", resources.memory());
        ObjectNode readiness = container.putObject("readinessProbe");
        readiness.putObject("exec").putArray("command").add("cat").add(READY_FILE);
        readiness.put("periodSeconds", 1).put("failureThreshold", 1);
        container.putArray("volumeMounts").addObject().put("name", "results").put("mountPath", "/results");
        ObjectNode volume = pod.putArray("volumes").addObject().put("name", "results");
        if (resultsClaim == null) {
            volume.putObject("emptyDir");
        } else {
            volume.putObject("persistentVolumeClaim").put("claimName", resultsClaim);
        }
        return pod;
    }
}
