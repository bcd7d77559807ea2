package dev.infergate.cli;

import dev.infergate.client.ApiKeys;
import dev.infergate.scale.KubernetesJob;
import java.io.PrintWriter;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code infergate k8s-job}: the print-only form of {@code k8s run}: the manifests of an Indexed Job that runs one
 * run's shards on N pods behind a start barrier, for people who apply manifests themselves.
 */
@Command(name = "k8s-job", header = "Prints the Kubernetes manifests of a sharded run.", mixinStandardHelpOptions = true,
        description = {"Prints the manifests (ServiceAccount, Role, RoleBinding, barrier ConfigMap, Indexed Job) that run 'infergate run' "
                + "as N shards of one schedule behind a start barrier; 'infergate k8s run' does all of it itself (docs/scale-out.md). "
                + "Once every pod is Ready, open the barrier: kubectl patch configmap NAME-start --type merge "
                + "-p '{\"data\":{\"start-at\":\"<an instant a few seconds ahead>\"}}'; merge the shards with 'infergate merge'.",
            "Example: infergate k8s-job --workers 4 --image registry/infergate:1 --results-claim results -- --base-url http://vllm:8000/v1 --rate 200 --duration 5m"})
public final class K8sJobCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--name", defaultValue = "infergate-run", paramLabel = "NAME", description = "The Job name. Default: ${DEFAULT-VALUE}.")
    String name;

    @Option(names = "--api-key-secret", paramLabel = "SECRET", description = "A Secret with key 'api-key', passed as "
            + ApiKeys.DEFAULT_ENV + ".")
    String apiKeySecret;

    @Option(names = "--header-secret", paramLabel = "SECRET",
            description = "A Secret holding the values of the credential headers among the run options (--header 'x-api-key: ...', "
                    + "Authorization, any name with key, token, secret or auth), one key per header name in lower case, e.g. x-api-key. "
                    + "The manifest then refers to it and never holds the values; a credential header without it is refused.")
    String headerSecret;


    @Option(names = "--ttl", defaultValue = "24h", paramLabel = "DURATION",
            description = "How long Kubernetes keeps the finished Job and its pods (ttlSecondsAfterFinished). Default: ${DEFAULT-VALUE}.")
    Duration ttl;

    @Mixin
    PodOptions pod = new PodOptions();

    @Override
    public Integer call() {
        if (pod.image == null) {
            throw UserError.usage("k8s-job needs --image (a container image whose entrypoint is infergate, docs/scale-out.md)");
        }
        String namespace = pod.namespace != null ? pod.namespace : "default"; // a manifest reaches no cluster to ask
        KubernetesJob job;
        try {
            job = new KubernetesJob(name, namespace, pod.image, pod.workers, pod.runArgs, new SecureRandom().nextLong(), apiKeySecret,
                    headerSecret, pod.resultsClaim, pod.resultsClaim == null, pod.resources(), ttl);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        if (pod.resultsClaim == null) {
            err.println("infergate: warning: no --results-claim: each shard's results live in an emptyDir that is deleted with its pod; "
                    + "the pods print them into their logs, which only 'infergate k8s run' collects. Pass --results-claim, or use 'k8s run'.");
        }
        err.println("infergate: once every pod is Ready (kubectl -n " + namespace + " wait --for=condition=Ready pod -l "
                + KubernetesJob.RUN_LABEL + "=" + name + "), open the barrier: kubectl -n " + namespace + " patch configmap "
                + job.barrierName() + " --type merge -p '{\"data\":{\"" + KubernetesJob.START_KEY + "\":\"<ISO instant 5 s ahead>\"}}'");
        err.flush();
        spec.commandLine().getOut().print(job.toYaml());
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }
}
