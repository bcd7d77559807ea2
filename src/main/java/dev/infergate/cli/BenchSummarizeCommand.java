package dev.infergate.cli;

import dev.infergate.bench.MemoryBench;
import dev.infergate.bench.SyntheticRun;
import dev.infergate.run.RunService;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code infergate bench summarize}: summarize and report on a large synthetic run, each in a child JVM with a small heap. */
@Command(name = "summarize", header = "Summarize and report a run of a million requests.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Makes a seed run (--seed-requests requests of 20 events through `infergate run`'s path against an in-process "
                + "metronome server), repeats its records to --requests lines (ids renumbered, marks shifted per copy, event offsets "
                + "on every 100th record), then times `infergate summarize DIR` and `infergate report DIR`, each in a child JVM with "
                + "-Xmx<--heap>, and prints wall and CPU seconds and the load average (issue 17: within 15 s and 512 MB at 1,000,000)."})
public final class BenchSummarizeCommand implements Callable<Integer> {
    private static final int EVENTS_EVERY = 100;

    @Spec
    CommandSpec spec;

    @Option(names = "--requests", defaultValue = "1000000", paramLabel = "N", description = "Records in the synthetic run. Default: ${DEFAULT-VALUE}.")
    long requests;

    @Option(names = "--seed-requests", defaultValue = "6000", paramLabel = "N",
            description = "Requests of the real seed run whose records are repeated. Default: ${DEFAULT-VALUE}.")
    int seedRequests;

    @Option(names = "--heap", defaultValue = "512m", paramLabel = "SIZE", description = "The -Xmx of the summarize and report JVMs. Default: ${DEFAULT-VALUE}.")
    String heap;

    @Option(names = "--out", paramLabel = "DIR", description = "Keep the synthetic run here (must not exist; default: a temporary one, deleted).")
    Path out;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (requests < 1 || seedRequests < 1 || !heap.matches("\\d+[kKmMgG]?")) {
            throw UserError.usage("--requests and --seed-requests must be >= 1 and --heap a size such as 512m");
        }
        if (out != null && Files.exists(out)) {
            throw UserError.usage("--out " + out + " already exists");
        }
        PrintWriter w = spec.commandLine().getOut();
        Path tmp = Files.createTempDirectory("infergate-bench-summarize");
        try {
            Path dir = out != null ? out : tmp.resolve("run");
            long t0 = System.nanoTime();
            seed(tmp.resolve("seed"));
            long bytes = SyntheticRun.write(tmp.resolve("seed"), dir, requests, EVENTS_EVERY);
            w.printf(Locale.ROOT, "bench summarize: %d records (%.0f MB of requests.jsonl) from a %d-request seed run in %.1f s; -Xmx%s; "
                    + "%d cores, load average %s%n", requests, bytes / 1e6, seedRequests, (System.nanoTime() - t0) / 1e9, heap,
                    Runtime.getRuntime().availableProcessors(), BenchLagCommand.loadAverage());
            w.flush();
            time(w, "summarize", List.of("summarize", dir.toString()), tmp);
            time(w, "report", List.of("report", dir.toString()), tmp);
            w.printf(Locale.ROOT, "load average after: %s%n", BenchLagCommand.loadAverage());
            w.flush();
        } catch (RunService.SetupException e) {
            throw UserError.cannotRun("the seed run could not start: " + e.getMessage(), e);
        } finally {
            BenchFiles.deleteTree(tmp);
        }
        return ExitCode.OK.code();
    }

    private void seed(Path dir) throws IOException, RunService.SetupException {
        MemoryBench.run(new MemoryBench.Plan(seedRequests, 200, 20, Duration.ofMillis(2), 1, 1), dir);
    }

    /** Runs one command in a child JVM; prints its wall time and its CPU (sampled every 20 ms until it exits). */
    private void time(PrintWriter w, String name, List<String> args, Path tmp) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Xmx" + heap, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(args);
        Path log = tmp.resolve(name + ".log");
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Duration cpu = Duration.ZERO;
        while (!p.waitFor(20, TimeUnit.MILLISECONDS)) {
            cpu = p.info().totalCpuDuration().orElse(cpu);
        }
        double wallSeconds = (System.nanoTime() - t0) / 1e9;
        if (p.exitValue() != 0) {
            List<String> lines = Files.readAllLines(log);
            throw UserError.cannotRun(name + " exited with " + p.exitValue() + " in -Xmx" + heap + ": "
                    + (lines.isEmpty() ? "(no output)" : lines.get(lines.size() - 1)));
        }
        w.printf(Locale.ROOT, "%-9s wall %6.1f s, CPU %6.1f s (sampled until its last 20 ms), exit 0 in -Xmx%s%n", name, wallSeconds,
                cpu.toNanos() / 1e9, heap);
        w.flush();
    }
}
