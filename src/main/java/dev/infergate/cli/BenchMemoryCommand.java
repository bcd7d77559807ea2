package dev.infergate.cli;

import java.time.Duration;
import dev.infergate.bench.MemoryBench;
import dev.infergate.config.Durations;
import dev.infergate.run.RunService;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code infergate bench memory}: a long run in a small heap, watching heap after GC. */
@Command(name = "memory", header = "The client's memory over many requests.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs --requests requests through the same path as `infergate run` against an in-process metronome server, "
                + "in a heap of --heap (the command re-launches itself with -Xmx unless --no-fork), and prints the peak heap in use "
                + "after GC and its growth per finished request. With --soak DURATION: an open loop at --rate for that long, "
                + "sampled every --sample-every (heap after GC, RSS, requests and records over time)."})
public final class BenchMemoryCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--requests", defaultValue = "100000", paramLabel = "N", description = "Measured requests. Default: ${DEFAULT-VALUE}.")
    long requests;

    @Option(names = "--concurrency", defaultValue = "200", paramLabel = "N", description = "Closed-loop concurrency. Default: ${DEFAULT-VALUE}.")
    int concurrency;

    @Option(names = "--tokens", defaultValue = "32", paramLabel = "N", description = "Output events per request. Default: ${DEFAULT-VALUE}.")
    int tokens;

    @Option(names = "--itl", defaultValue = "2ms", paramLabel = "DURATION",
            description = "Server gap between events (and TTFT). Default: ${DEFAULT-VALUE}.")
    Duration itl;

    @Option(names = "--record-events", defaultValue = "10", paramLabel = "N",
            description = "As in `infergate run`: keep per-event arrivals of every N-th request (at most 500). Default: ${DEFAULT-VALUE}.")
    int recordEvents;

    @Option(names = "--heap", defaultValue = "512m", paramLabel = "SIZE", description = "The -Xmx of the re-launched JVM. Default: ${DEFAULT-VALUE}.")
    String heap;

    @Option(names = "--no-fork", description = "Run in this JVM (then start it with the heap you want, e.g. INFERGATE_JAVA_OPTS=-Xmx512m).")
    boolean noFork;

    @Option(names = "--soak", paramLabel = "DURATION",
            description = "Soak mode: send at a steady --rate for this long (e.g. 1h) instead of --requests, and print a sample line every --sample-every.")
    Duration soak;

    @Option(names = "--rate", defaultValue = "200", paramLabel = "R",
            description = "With --soak: requests per second, evenly spaced. Default: ${DEFAULT-VALUE}.")
    double rate;

    @Option(names = "--sample-every", defaultValue = "1m", paramLabel = "DURATION",
            description = "With --soak: how often to sample. Default: ${DEFAULT-VALUE}.")
    Duration sampleEvery;

    @Mixin
    EventLoopOptions eventLoops = new EventLoopOptions();

    @Option(names = "--out", paramLabel = "DIR", description = "The run directory (default: a temporary one, deleted).")
    Path out;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (!noFork) {
            return relaunch();
        }
        int loops = eventLoops.count();
        MemoryBench.Plan plan;
        try {
            plan = new MemoryBench.Plan(requests, concurrency, tokens, itl, recordEvents, loops);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        Path dir = out != null ? out : Files.createTempDirectory("infergate-bench-memory").resolve("run");
        if (soak != null) {
            return soak(plan, dir);
        }
        PrintWriter w = spec.commandLine().getOut();
        w.printf(Locale.ROOT, "infergate bench memory: %d requests, concurrency %d, %d tokens every %s, max heap %d MB, %d cores%n",
                requests, concurrency, tokens, Durations.format(itl), Runtime.getRuntime().maxMemory() >> 20, Runtime.getRuntime().availableProcessors());
        w.flush();
        MemoryBench.Result r;
        try {
            r = MemoryBench.run(plan, dir);
        } catch (RunService.SetupException e) {
            throw UserError.cannotRun(e.getMessage(), e);
        } finally {
            if (out == null) {
                BenchFiles.deleteTree(dir.getParent());
            }
        }
        w.printf(Locale.ROOT, "finished %d requests (%d completed) in %.1f s (%.0f req/s)%n", r.finished(), r.completed(),
                r.wallSeconds(), r.finished() / r.wallSeconds());
        w.printf(Locale.ROOT, "heap: max %d MB; peak in use after GC %.1f MB over %d collections; growth %.1f bytes per finished request; "
                + "in use after the run and a full GC %.1f MB%n", r.maxHeapBytes() >> 20, r.heap().peakUsedAfterGcBytes() / 1048576.0,
                r.heap().collections(), r.heap().bytesPerRequest(), r.usedAfterFinalGcBytes() / 1048576.0);
        w.flush();
        return ExitCode.OK.code();
    }

    private int soak(MemoryBench.Plan plan, Path dir) throws IOException {
        MemoryBench.Soak s;
        try {
            s = new MemoryBench.Soak(soak, rate, sampleEvery);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        PrintWriter w = spec.commandLine().getOut();
        w.printf(Locale.ROOT, "infergate bench memory --soak: %s at %.0f req/s, %d tokens every %s, max heap %d MB, %d cores%n",
                Durations.format(soak), rate, tokens, Durations.format(itl), Runtime.getRuntime().maxMemory() >> 20,
                Runtime.getRuntime().availableProcessors());
        w.printf(Locale.ROOT, "%10s %16s %10s %10s %10s%n", "elapsed s", "heap after GC MB", "RSS MB", "requests", "records");
        w.flush();
        MemoryBench.SoakResult r;
        try {
            r = MemoryBench.soak(plan, s, dir, sample -> {
                w.println(SoakLines.row(sample));
                w.flush();
            });
            if (out != null) {
                SoakLines.writeCsv(r.samples(), dir.resolve("soak.csv"));
            }
        } catch (RunService.SetupException e) {
            throw UserError.cannotRun(e.getMessage(), e);
        } finally {
            if (out == null) {
                BenchFiles.deleteTree(dir.getParent());
            }
        }
        w.println(SoakLines.summary(r));
        w.flush();
        return ExitCode.OK.code();
    }

    /** Runs this command again in a JVM with {@code -Xmx<heap>}, passing the output through. */
    private int relaunch() throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx" + heap, "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(spec.commandLine().getParseResult().originalArgs());
        cmd.add("--no-fork");
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        return p.waitFor();
    }
}
