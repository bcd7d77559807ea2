package dev.infergate.scale;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Kubernetes Indexed Job that runs one {@code infergate run} shard per pod: pod {@code i} of {@code n} runs
 * {@code --shard i/n}, every pod starts the schedule at one {@code --start-at} instant and sends prompts with
 * one {@code --prompt-salt}, so together they send exactly the schedule one machine would, and
 * {@code infergate merge} joins their run directories without loss. Scale-out is Kubernetes' job; infergate
 * only writes the manifest.
 *
 * @param name          the Job's name
 * @param image         a container image with infergate on its PATH (e.g. built from this repository)
 * @param workers       pods, one shard each
 * @param runArgs       the {@code run} options shared by every shard (no --shard, --start-at, --out)
 * @param startAt       when every shard starts its schedule
 * @param promptSalt    the fresh-prompt salt shared by every shard
 * @param apiKeySecret  a Secret name holding key {@code api-key}, exposed as OPENAI_API_KEY; or null
 * @param resultsClaim  a PersistentVolumeClaim for the run directories; or null for an emptyDir
 * @param headerSecret  a Secret holding the values of credential headers in {@code runArgs}, one key per
 *                      header name in lower case (see {@link CredentialHeaders}); or null when there are none
 */
public record KubernetesJob(String name, String image, int workers, List<String> runArgs, Instant startAt,
        long promptSalt, String apiKeySecret, String resultsClaim, String headerSecret) {

    public KubernetesJob(String name, String image, int workers, List<String> runArgs, Instant startAt,
            long promptSalt, String apiKeySecret, String resultsClaim) {
        this(name, image, workers, runArgs, startAt, promptSalt, apiKeySecret, resultsClaim, null);
    }

    public KubernetesJob {
        if (workers < 1) {
            throw new IllegalArgumentException("workers (" + workers + ") must be >= 1");
        }
        if (name == null || !name.matches("[a-z0-9]([-a-z0-9]{0,50}[a-z0-9])?")) {
            throw new IllegalArgumentException("job name (" + name + ") must be a DNS label: lower-case letters, digits and '-'");
        }
        for (String arg : runArgs) {
            if (arg.equals("--shard") || arg.equals("--start-at") || arg.equals("--out") || arg.equals("--prompt-salt")
                    || arg.startsWith("--shard=") || arg.startsWith("--start-at=") || arg.startsWith("--out=")) {
                throw new IllegalArgumentException("leave " + arg.split("=")[0] + " out of the run options: the job sets it per shard");
            }
        }
        runArgs = List.copyOf(runArgs);
        CredentialHeaders.of(runArgs, headerSecret); // refuses a credential header without a Secret, now
    }

    /** The manifest as YAML. */
    public String toYaml() {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS));
        try {
            return yaml.writeValueAsString(manifest());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    Map<String, Object> manifest() {
        Map<String, Object> job = new LinkedHashMap<>();
        job.put("apiVersion", "batch/v1");
        job.put("kind", "Job");
        job.put("metadata", Map.of("name", name, "labels", Map.of("app.kubernetes.io/name", "infergate")));
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("completionMode", "Indexed");
        spec.put("completions", workers);
        spec.put("parallelism", workers);
        spec.put("backoffLimit", 0);
        spec.put("template", Map.of("metadata", Map.of("labels", Map.of("app.kubernetes.io/name", "infergate")),
                "spec", podSpec()));
        job.put("spec", spec);
        return job;
    }

    private Map<String, Object> podSpec() {
        CredentialHeaders credentials = CredentialHeaders.of(runArgs, headerSecret);
        List<String> args = new ArrayList<>();
        args.add("run");
        args.addAll(credentials.args());
        args.addAll(List.of("--shard", "$(JOB_COMPLETION_INDEX)/" + workers, "--start-at", startAt.toString(),
                "--prompt-salt", Long.toString(promptSalt), "--out", "/results/" + name + "/shard-$(JOB_COMPLETION_INDEX)",
                "--no-progress"));
        Map<String, Object> container = new LinkedHashMap<>();
        container.put("name", "infergate");
        container.put("image", image);
        container.put("command", List.of("infergate"));
        container.put("args", args);
        List<Map<String, Object>> env = new ArrayList<>();
        if (apiKeySecret != null) {
            env.add(Map.of("name", "OPENAI_API_KEY", "valueFrom",
                    Map.of("secretKeyRef", Map.of("name", apiKeySecret, "key", "api-key"))));
        }
        env.addAll(credentials.env());
        if (!env.isEmpty()) {
            container.put("env", env);
        }
        container.put("resources", Map.of("requests", Map.of("cpu", "2", "memory", "2Gi")));
        container.put("volumeMounts", List.of(Map.of("name", "results", "mountPath", "/results")));
        Map<String, Object> pod = new LinkedHashMap<>();
        pod.put("restartPolicy", "Never");
        pod.put("containers", List.of(container));
        pod.put("volumes", List.of(resultsClaim == null ? Map.of("name", "results", "emptyDir", Map.of())
                : Map.of("name", "results", "persistentVolumeClaim", Map.of("claimName", resultsClaim))));
        return pod;
    }
}
