package dev.infergate.cli;

import dev.infergate.client.ApiKeys;
import dev.infergate.report.ConsoleSummary;
import dev.infergate.report.TerminalText;
import dev.infergate.scale.CredentialHeaders;
import dev.infergate.scale.KubernetesJob;
import dev.infergate.scale.LaunchSpec;
import dev.infergate.scale.Launcher;
import dev.infergate.scale.LocalFleet;
import dev.infergate.scale.WorkerFleet;
import dev.infergate.scale.k8s.KubernetesFleet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code infergate k8s run}: one run as N shards on a Kubernetes Indexed Job (or N local processes), merged. */
@Command(name = "run", header = "One schedule as N shards on N pods, merged at the end.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs one schedule as N shards: creates a Secret for the credentials and an Indexed Job (or starts N local "
                + "processes with --local), waits until every worker is set up, publishes one start a lead ahead, shows progress, "
                + "collects every shard's run directory, merges them into OUT and writes the report; then deletes what it created "
                + "(--keep leaves it). Ctrl-C stops the workers and still merges what they measured. See docs/scale-out.md.",
            "Example: infergate k8s run --workers 4 --image registry/infergate:1 -- --base-url http://vllm:8000/v1 --rate 200 --duration 5m"})
public final class K8sRunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--local", description = "Run the workers as local processes instead of pods (the same barrier, collection and merge).")
    boolean local;

    @Option(names = "--name", paramLabel = "NAME", description = "The Job's name (a DNS label). Default: infergate-<date>-<time>.")
    String name;


    @Option(names = "--keep", description = "Leave the Job, its pods, the ConfigMap and the Secret in place at the end.")
    boolean keep;

    @Option(names = "--out", paramLabel = "DIR", description = "The merged run directory; shards in DIR/shards. Default: results/k8s-run-<date>-<time>.")
    Path out;

    @Option(names = "--start-lead", defaultValue = "5s", paramLabel = "DURATION",
            description = "How far ahead of the moment every worker is ready the schedule starts: time for every worker to learn the "
                    + "start, and room for node clocks to disagree. Default: ${DEFAULT-VALUE}.")
    Duration startLead;

    @Option(names = "--ready-timeout", defaultValue = "10m", paramLabel = "DURATION",
            description = "Give up when not every worker is set up after this long (image pulls, scheduling). Default: ${DEFAULT-VALUE}.")
    Duration readyTimeout;

    @Option(names = "--prompt-salt", paramLabel = "N", description = "The fresh-prompt salt every shard shares. Default: a random one.")
    Long promptSalt;

    @Mixin
    PodOptions pod = new PodOptions();

    @Override
    public Integer call() throws IOException {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path dir = out != null ? out : Path.of("results", "k8s-run-" + stamp);
        LaunchSpec launch;
        try {
            launch = new LaunchSpec(pod.workers, pod.runArgs, promptSalt != null ? promptSalt : new SecureRandom().nextLong(), dir,
                    startLead, readyTimeout, Duration.ofMinutes(2));
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        checkRunOptions(launch);
        Reports.created(dir);
        if (Files.exists(dir.resolve("requests.jsonl"))) {
            throw UserError.usage(dir + " already holds a run; pass another --out");
        }
        CountDownLatch finished = new CountDownLatch(1);
        try (WorkerFleet fleet = local ? new LocalFleet(launch, LocalFleet.currentJvm())
                : kubernetesFleet(launch, name != null ? name : "infergate-" + stamp)) {
            return launch(fleet, launch, finished);
        } catch (IOException e) { // closing: objects that could not be deleted (the message says how to)
            throw UserError.cannotRun(e.getMessage(), e);
        } finally {
            finished.countDown(); // after the fleet is closed: Ctrl-C keeps the JVM until its objects are deleted
        }
    }

    /** The run options must parse as one shard's would, before any worker starts. */
    private static void checkRunOptions(LaunchSpec launch) {
        List<String> args = new ArrayList<>(List.of("run"));
        args.addAll(launch.shardRunArgs(0, launch.shardDir(0).toString()));
        try {
            Main.commandLine().parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw UserError.usage("the run options: " + e.getMessage());
        }
    }

    private WorkerFleet kubernetesFleet(LaunchSpec launch, String jobName) {
        if (pod.image == null) {
            throw UserError.usage("k8s run needs --image (a container image with infergate, docs/scale-out.md), or --local");
        }
        KubernetesClient client = new KubernetesClientBuilder().build();
        String ns = pod.namespace != null ? pod.namespace : client.getNamespace() != null ? client.getNamespace() : "default";
        Map<String, String> secret = new LinkedHashMap<>(CredentialHeaders.secretValues(launch.runArgs()));
        String keyVariable = apiKeyVariable(launch.runArgs());
        String key = ApiKeys.read(keyVariable);
        if (key != null) {
            secret.put("api-key", key);
        }
        String secretName = KubernetesFleet.secretName(jobName);
        try {
            KubernetesJob job = new KubernetesJob(jobName, ns, pod.image, launch.workers(), withoutKeyEnv(launch.runArgs()),
                    launch.promptSalt(), secret.containsKey("api-key") ? secretName : null, secretName, pod.resultsClaim, true,
                    pod.resources(), Duration.ofHours(1));
            return new KubernetesFleet(client, job, launch, secret, keep);
        } catch (IllegalArgumentException e) {
            client.close();
            throw UserError.usage(e.getMessage());
        }
    }

    /** The variable the run options read the key from ({@code --api-key-env}), or {@link ApiKeys#DEFAULT_ENV}. */
    static String apiKeyVariable(List<String> runArgs) {
        for (int i = 0; i < runArgs.size(); i++) {
            if (runArgs.get(i).equals("--api-key-env") && i + 1 < runArgs.size()) {
                return runArgs.get(i + 1);
            }
            if (runArgs.get(i).startsWith("--api-key-env=")) {
                return runArgs.get(i).substring("--api-key-env=".length());
            }
        }
        return ApiKeys.DEFAULT_ENV;
    }

    /** In a pod the key is always in {@link ApiKeys#DEFAULT_ENV} (from the Secret): drop --api-key-env. */
    static List<String> withoutKeyEnv(List<String> runArgs) {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < runArgs.size(); i++) {
            if (runArgs.get(i).equals("--api-key-env")) {
                i++;
            } else if (!runArgs.get(i).startsWith("--api-key-env=")) {
                args.add(runArgs.get(i));
            }
        }
        return args;
    }

    private int launch(WorkerFleet fleet, LaunchSpec launch, CountDownLatch finished) {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Launcher launcher = new Launcher(fleet, launch, err);
        Thread hook = new Thread(() -> { // Ctrl-C: stop the workers, keep the JVM until what they measured is merged
            launcher.stop();
            try {
                finished.await(3, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "infergate-k8s-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        Launcher.Result result;
        try {
            result = launcher.run();
        } catch (IOException e) { // the barrier did not open, the API refused, nothing to merge: one line
            throw UserError.cannotRun(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw UserError.cannotRun("interrupted", e);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down already (Ctrl-C)
            }
        }
        o.print(TerminalText.sanitizeLines(ConsoleSummary.render(result.summary())));
        o.println(ScaleOutLines.render(result.summary()));
        o.println("results: " + launch.out().resolve("summary.json") + " (shards: " + launch.out().resolve("shards") + ")");
        Reports.html(List.of(launch.out()), launch.out().resolve("report.html"), o, err);
        if (result.stopped()) {
            return ExitCode.INTERRUPTED.code();
        }
        return result.summary().partial() ? ExitCode.CANNOT_RUN.code() : ExitCode.OK.code();
    }
}
