package dev.infergate.cli;

import dev.infergate.load.Shard;
import dev.infergate.scale.BarrierSource;
import dev.infergate.scale.ShardArchive;
import dev.infergate.scale.StdinBarrier;
import dev.infergate.scale.WorkerGate;
import dev.infergate.scale.WorkerLine;
import dev.infergate.scale.k8s.ConfigMapBarrier;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code infergate k8s worker}: one shard of a scale-out run, as the launcher starts it (a pod, or a local process).
 * It runs {@code run} with the given options, waits at the start barrier once set up, prints event lines for the
 * launcher ({@link WorkerLine}), and with {@code --stream-results} prints its run directory as
 * {@link ShardArchive} lines at the end. Not for direct use: hidden from the help.
 */
@Command(name = "worker", header = "One shard inside a pod (started by k8s run).", hidden = true, mixinStandardHelpOptions = true,
        description = "One shard of a scale-out run, started by 'k8s run' or the Job that 'k8s-job' prints.")
public final class K8sWorkerCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--barrier", required = true, paramLabel = "stdin|configmap:NAME",
            description = "Where the start is published: this process's stdin (local), or a ConfigMap in the pod's namespace.")
    String barrier;

    @Option(names = "--ready-file", paramLabel = "FILE", description = "Created once set up, for a readiness probe.")
    Path readyFile;

    @Option(names = "--stream-results", description = "Print the run directory as archive lines at the end (the pod's log carries it).")
    boolean streamResults;

    @Parameters(paramLabel = "RUN-OPTIONS", description = "The 'run' options, with --shard and --out.")
    List<String> runArgs = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        List<String> args = new ArrayList<>(List.of("run"));
        args.addAll(runArgs);
        CommandLine probe = Main.commandLine();
        try {
            probe.parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw UserError.usage(e.getMessage());
        }
        RunCommand parsed = probe.getSubcommands().get("run").getCommand();
        if (parsed.out.out == null) {
            throw UserError.usage("k8s worker needs --out among the run options");
        }
        Shard shard = parsed.load.shard();
        PrintWriter out = spec.commandLine().getOut();
        int code;
        try (BarrierSource source = source(); WorkerGate gate = new WorkerGate(shard.index(), source, out, readyFile, parsed.out.out)) {
            CommandLine root = Main.commandLine();
            root.setOut(out);
            root.setErr(spec.commandLine().getErr());
            ((RunCommand) root.getSubcommands().get("run").getCommand()).startGate = gate;
            code = root.execute(args.toArray(String[]::new));
        }
        if (streamResults && Files.isDirectory(parsed.out.out)) {
            ShardArchive.write(parsed.out.out, out);
        }
        out.println(new WorkerLine.Done(shard.index(), code).text());
        out.flush();
        return code;
    }

    private BarrierSource source() {
        if (barrier.equals("stdin")) {
            return new StdinBarrier(System.in);
        }
        if (barrier.startsWith("configmap:") && barrier.length() > "configmap:".length()) {
            return ConfigMapBarrier.inCluster(barrier.substring("configmap:".length()));
        }
        throw UserError.usage("--barrier '" + barrier + "' must be stdin or configmap:NAME");
    }
}
