package dev.infergate.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code infergate k8s}: scale-out runs that infergate drives itself (docs/scale-out.md). */
@Command(name = "k8s", header = "Scale-out on Kubernetes: one schedule as N shards on N pods.", mixinStandardHelpOptions = true,
        description = "Scale-out: one run's schedule as N shards on N workers (pods of a Kubernetes Indexed Job, or local "
                + "processes with --local), started together at a barrier, collected and merged (docs/scale-out.md).",
        subcommands = {CommandLine.HelpCommand.class, K8sRunCommand.class, K8sWorkerCommand.class})
public final class K8sCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
