package dev.infergate.cli;

import dev.infergate.config.Durations;
import dev.infergate.scale.KubernetesJob;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code infergate k8s-job}: a Kubernetes Indexed Job manifest that runs one run's shards on N pods. */
@Command(name = "k8s-job", mixinStandardHelpOptions = true,
        description = {"Prints a Kubernetes Indexed Job that runs 'infergate run' as N shards of one schedule, "
                + "started together; merge their directories afterwards with 'infergate merge'.",
            "Example: infergate k8s-job --workers 4 --image registry/infergate:1 -- --base-url http://vllm:8000/v1 --rate 200 --duration 5m"})
public final class K8sJobCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--workers", required = true, paramLabel = "N", description = "Pods, one shard of the schedule each.")
    int workers;

    @Option(names = "--image", required = true, paramLabel = "IMAGE", description = "A container image with infergate on its PATH.")
    String image;

    @Option(names = "--name", defaultValue = "infergate-run", paramLabel = "NAME", description = "The Job name. Default: ${DEFAULT-VALUE}.")
    String name;

    @Option(names = "--start-in", defaultValue = "2m", paramLabel = "DURATION",
            description = "How long after now every shard starts its schedule (time to schedule the pods and pull the image). Default: ${DEFAULT-VALUE}.")
    String startIn;

    @Option(names = "--api-key-secret", paramLabel = "SECRET", description = "A Secret with key 'api-key', passed as OPENAI_API_KEY.")
    String apiKeySecret;

    @Option(names = "--header-secret", paramLabel = "SECRET",
            description = "A Secret holding the values of the credential headers among the run options (--header 'x-api-key: ...', "
                    + "Authorization, any name with key, token, secret or auth), one key per header name in lower case, e.g. x-api-key. "
                    + "The manifest then refers to it and never holds the values; a credential header without it is refused.")
    String headerSecret;

    @Option(names = "--results-claim", paramLabel = "PVC", description = "A PersistentVolumeClaim for the run directories. Default: an emptyDir (copy results out before the pods go).")
    String resultsClaim;

    @Parameters(paramLabel = "RUN-OPTIONS", description = "The 'infergate run' options every shard shares, after '--'.")
    List<String> runArgs = new ArrayList<>();

    @Override
    public Integer call() {
        try {
            Instant start = Instant.now().plus(Durations.parse(startIn)).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
            KubernetesJob job = new KubernetesJob(name, image, workers, runArgs, start, new SecureRandom().nextLong(),
                    apiKeySecret, resultsClaim, headerSecret);
            spec.commandLine().getOut().print(job.toYaml());
            spec.commandLine().getOut().flush();
            return ExitCode.OK.code();
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }
}
