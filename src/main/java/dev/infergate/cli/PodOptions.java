package dev.infergate.cli;

import dev.infergate.scale.KubernetesJob;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What every worker pod gets, for {@code k8s run} and {@code k8s-job}: how many, where, from which image, its CPU and
 * memory, where results go, and the run options.
 */
public final class PodOptions {
    @Option(names = "--workers", required = true, paramLabel = "N", description = "Workers (pods), one shard of the schedule each.")
    int workers;

    @Option(names = "--image", paramLabel = "IMAGE",
            description = "A container image whose entrypoint is infergate (./mvnw package jib:build, or the Dockerfile).")
    String image;

    @Option(names = "--namespace", paramLabel = "NS", description = "The namespace. Default: the current context's "
            + "(k8s-job, which only writes a manifest: default).")
    String namespace;

    @Option(names = "--results-claim", paramLabel = "PVC",
            description = "A ReadWriteMany PersistentVolumeClaim the pods write their run directories to (a copy that outlives "
                    + "the pods). Without it they live in an emptyDir that goes with the pod: k8s run collects them from the "
                    + "pods' logs, and k8s-job's pods print them into their logs at the end (a warning says so).")
    String resultsClaim;

    @Option(names = "--cpu", defaultValue = "2", paramLabel = "CPU", description = "Each pod's CPU request. Default: ${DEFAULT-VALUE}.")
    String cpu;

    @Option(names = "--memory", defaultValue = "4Gi", paramLabel = "SIZE",
            description = "Each pod's memory request and limit; the JVM's heap is 75%% of it. Default: ${DEFAULT-VALUE}.")
    String memory;

    @Parameters(paramLabel = "RUN-OPTIONS", description = "The 'infergate run' options every shard shares, after '--'.")
    List<String> runArgs = new ArrayList<>();

    /** The pods' CPU and memory. */
    KubernetesJob.PodResources resources() {
        return new KubernetesJob.PodResources(cpu, memory);
    }
}
