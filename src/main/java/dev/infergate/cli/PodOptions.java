package dev.infergate.cli;

import dev.infergate.scale.KubernetesJob;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** What every worker pod gets, for {@code k8s run} and {@code k8s-job}: its CPU and memory, and the run options. */
public final class PodOptions {
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
