package dev.infergate.cli;

import dev.infergate.analysis.Quantiles;
import java.time.Duration;
import dev.infergate.bench.LagBench;
import dev.infergate.config.Durations;
import dev.infergate.run.RunService;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code infergate bench lag}: the client's own lag at an open-loop rate with free slots, first request included. */
@Command(name = "lag", header = "The client's own lag and its first request.", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs `infergate run`'s whole path (set-up, client warm-up, open loop at --rate with free slots) against an "
                + "in-process metronome server, each repeat in a fresh JVM, and prints the client's own lag (from the scheduled time "
                + "to the start of the write) at p50, p99 and max, for the first request and the first ten, against --target."})
public final class BenchLagCommand implements Callable<Integer> {
    /** The line a forked repeat prints for its parent, with the figures the parent summarises. */
    static final String RESULT = "lag-result";

    @Spec
    CommandSpec spec;

    @Option(names = "--rate", defaultValue = "20", paramLabel = "R", description = "Requests per second, constant arrivals. Default: ${DEFAULT-VALUE}.")
    double rate;

    @Option(names = "--requests", defaultValue = "200", paramLabel = "N", description = "Requests per repeat, all measured. Default: ${DEFAULT-VALUE}.")
    long requests;

    @Option(names = "--ttft", defaultValue = "50ms", paramLabel = "DURATION",
            description = "The server's TTFT and gap between events. Default: ${DEFAULT-VALUE}.")
    Duration ttft;

    @Option(names = "--tokens", defaultValue = "10", paramLabel = "N", description = "Output events per answer. Default: ${DEFAULT-VALUE}.")
    int tokens;

    @Option(names = "--repeats", defaultValue = "3", paramLabel = "N", description = "Repeats, each in a fresh JVM. Default: ${DEFAULT-VALUE}.")
    int repeats;

    @Option(names = "--target", defaultValue = "5ms", paramLabel = "DURATION",
            description = "The lag p99 to hold (issue 14). Default: ${DEFAULT-VALUE}.")
    Duration target;

    @Option(names = "--no-client-warmup", description = "Skip the client warm-up, to see what it buys.")
    boolean noClientWarmup;

    @Mixin
    EventLoopOptions eventLoops = new EventLoopOptions();

    @Option(names = "--no-fork", description = "Run one repeat in this JVM (a warm JVM hides what a fresh one pays).")
    boolean noFork;

    @Override
    public Integer call() throws IOException, InterruptedException {
        double targetMs;
        LagBench.Plan plan;
        try {
            targetMs = target.toNanos() / 1e6;
            plan = new LagBench.Plan(rate, requests, ttft, tokens, !noClientWarmup,
                    eventLoops.count());
            if (repeats < 1) {
                throw new IllegalArgumentException("--repeats (" + repeats + ") must be >= 1");
            }
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (noFork) {
            return once(plan, out);
        }
        out.printf(Locale.ROOT, "infergate bench lag: %.4g req/s, %d requests, TTFT %s, %d tokens, client warm-up %s, %d cores, load average %s%n",
                rate, requests, Durations.format(ttft), tokens, noClientWarmup ? "off" : "on", Runtime.getRuntime().availableProcessors(), loadAverage());
        out.flush();
        List<double[]> results = new ArrayList<>();
        for (int i = 0; i < repeats; i++) {
            double[] r = fork(out, i + 1);
            if (r == null) {
                throw UserError.cannotRun("repeat " + (i + 1) + " did not finish; run with --no-fork to see why");
            }
            results.add(r);
        }
        long met = results.stream().filter(r -> r[1] <= targetMs).count();
        out.printf(Locale.ROOT, "median of %d: lag p99 %.2f ms, max %.2f ms, first request %.2f ms; target p99 <= %.1f ms met in %d of %d; load average %s%n",
                repeats, median(results, 1), median(results, 2), median(results, 3), targetMs, met, repeats, loadAverage());
        out.flush();
        return ExitCode.OK.code();
    }

    private int once(LagBench.Plan plan, PrintWriter out) throws IOException {
        Path dir = Files.createTempDirectory("infergate-bench-lag").resolve("run");
        LagBench.Result r;
        try {
            r = LagBench.run(plan, dir);
        } catch (RunService.SetupException e) {
            throw UserError.cannotRun(e.getMessage(), e);
        } finally {
            BenchFiles.deleteTree(dir.getParent());
        }
        var lag = r.lag().lag();
        out.printf(Locale.ROOT, "%d requests (%d failed): lag p50 %.2f ms, p99 %.2f ms, max %.2f ms; first request %.2f ms, first ten max %.2f ms;"
                + " write p99 %.2f ms%s%n", r.requests(), r.failed(), lag.valueAt(50), lag.valueAt(99), lag.valueAt(100), r.firstLagMs(),
                r.first10MaxMs(), r.writeP99Ms(), r.warmup() == null ? "" : String.format(Locale.ROOT, "; warm-up %s requests, %s s wall, %s s CPU",
                        r.warmup().requests(), r.warmup().wallS(), r.warmup().cpuS()));
        out.printf(Locale.ROOT, "%s %.4f %.4f %.4f %.4f%n", RESULT, lag.valueAt(50), lag.valueAt(99), lag.valueAt(100), r.firstLagMs());
        out.flush();
        return ExitCode.OK.code();
    }

    /** Runs one repeat in a fresh JVM, echoing its lines; returns {p50, p99, max, first} or null. */
    private double[] fork(PrintWriter out, int repeat) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(spec.commandLine().getParseResult().originalArgs());
        cmd.add("--no-fork");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        double[] result = null;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith(RESULT + " ")) {
                    result = Arrays.stream(line.substring(RESULT.length() + 1).trim().split(" ")).mapToDouble(Double::parseDouble).toArray();
                } else if (!line.startsWith("infergate: ")) {
                    out.println("repeat " + repeat + ": " + line);
                    out.flush();
                }
            }
        }
        return p.waitFor() == 0 ? result : null;
    }

    private static double median(List<double[]> rows, int column) {
        return Quantiles.of(rows.stream().mapToDouble(r -> r[column]).toArray(), 50);
    }

    /** The 1, 5 and 15 minute load averages ({@code /proc/loadavg}), or the JVM's 1 minute figure elsewhere. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return String.format(Locale.ROOT, "%.2f", java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
    }
}
