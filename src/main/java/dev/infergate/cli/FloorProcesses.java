package dev.infergate.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The processes of {@code bench versus-floor}: gcc, the truth server, the floor client and a fresh
 * {@code infergate run} per point, each client's CPU time taken from this process's reaped-children counters
 * ({@code cutime + cstime} of {@code /proc/self/stat}), so it counts every thread of the client, JIT and GC
 * included.
 */
final class FloorProcesses {
    /** The longest a client run may take before it is stopped (the loop is bounded whatever happens). */
    private static final long RUN_LIMIT_SECONDS = 600;

    /**
     * A finished client run.
     *
     * @param output     its output: the floor client's JSON lines file, or infergate's run directory
     * @param cpuSeconds its process CPU time, every thread
     * @param load       the load average when it ended
     */
    record Ran(Path output, double cpuSeconds, String load) {}

    private final Path dir;
    private final Path shared;
    private final String javaOpts;

    FloorProcesses(Path dir, Path shared, String javaOpts) {
        this.dir = dir;
        this.shared = shared;
        this.javaOpts = javaOpts;
    }

    /** ../shared/bench beside the repository the jar was built in (target/infergate.jar), else from the working directory. */
    static Path defaultSharedBench() {
        try {
            Path jar = Path.of(FloorProcesses.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path candidate = jar.getParent().getParent().resolve("../shared/bench").normalize();
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        } catch (Exception e) {
            // not run from a jar in a checkout: fall back to the working directory
        }
        return Path.of("../shared/bench").toAbsolutePath().normalize();
    }

    static boolean gccAvailable() {
        try {
            Process p = new ProcessBuilder("gcc", "--version").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    void compile() throws IOException, InterruptedException {
        for (String name : new String[] {"sse_truth_fast", "sse_floor_client"}) {
            Process p = new ProcessBuilder("gcc", "-O2", "-o", dir.resolve(name).toString(), shared.resolve(name + ".c").toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve(name + ".gcc.log").toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw UserError.cannotRun("gcc could not compile " + shared.resolve(name + ".c") + ": see " + dir.resolve(name + ".gcc.log"));
            }
        }
    }

    Path truthLog() {
        return dir.resolve("truth.jsonl");
    }

    Process startServer(int port) throws IOException {
        return new ProcessBuilder(dir.resolve("sse_truth_fast").toString(), "--port", String.valueOf(port), "--log", truthLog().toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("truth.out").toFile()).start();
    }

    Ran runFloor(int port, String model, int streams, long requests, int tokens, String prefix) throws IOException, InterruptedException {
        Path out = dir.resolve(prefix + ".jsonl");
        return run(List.of(dir.resolve("sse_floor_client").toString(), "--port", String.valueOf(port), "--model", model,
                "--concurrency", String.valueOf(streams), "--requests", String.valueOf(requests), "--max-tokens", String.valueOf(tokens),
                "--input-words", "16", "--prefix", prefix, "--out", out.toString(), "--timeout-s", String.valueOf(RUN_LIMIT_SECONDS)), out, prefix);
    }

    /**
     * Records the class-data archive that every measured infergate run then maps, as the launcher does for
     * {@code ./infergate run} (AppCDS, docs/benchmarks.md): one unmeasured run at {@code streams} streams, one
     * request each, with {@code -XX:ArchiveClassesAtExit}. Without it each fresh JVM would load and verify every
     * class from the jar, a start-up cost users of the launcher do not pay. Returns whether there is one: without
     * (a class path that is not all jars, a JVM or run that could not write it) the measured runs go without.
     */
    boolean primeClassArchive(int port, String model, int streams, int tokens) throws IOException, InterruptedException {
        boolean jarsOnly = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .allMatch(entry -> entry.endsWith(".jar") && Files.isRegularFile(Path.of(entry)));
        if (!jarsOnly) {
            return false; // class-data archives take classes from jars only (a build's target/classes: none)
        }
        Path tmp = dir.resolve("run.jsa.tmp");
        try {
            run(infergateCommand(port, model, streams, streams, tokens, dir.resolve("prime"), List.of("-XX:ArchiveClassesAtExit=" + tmp)),
                    dir.resolve("prime"), "prime");
        } catch (RuntimeException e) {
            return false; // the measured runs go without; they show any real problem themselves
        }
        if (Files.isRegularFile(tmp)) {
            Files.move(tmp, classArchive());
            return true;
        }
        return false;
    }

    private Path classArchive() {
        return dir.resolve("run.jsa");
    }

    Ran runInfergate(int port, String model, int streams, long requests, int tokens, String name) throws IOException, InterruptedException {
        Path out = dir.resolve(name);
        List<String> cds = Files.isRegularFile(classArchive()) ? List.of("-XX:SharedArchiveFile=" + classArchive()) : List.of();
        return run(infergateCommand(port, model, streams, requests, tokens, out, cds), out, name);
    }

    private List<String> infergateCommand(int port, String model, int streams, long requests, int tokens, Path out, List<String> extraOpts) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(Arrays.stream(javaOpts.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList());
        cmd.addAll(extraOpts);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "run",
                "--base-url", "http://127.0.0.1:" + port + "/v1", "--model", model, "--concurrency", String.valueOf(streams),
                "--requests", String.valueOf(requests), "--warmup", "0", "--input-tokens", "16", "--output-tokens", String.valueOf(tokens),
                "--tokenizer", "cl100k_base", "--server-metrics", "off", "--no-progress", "--record-events", "1", "--out", out.toString()));
        return cmd;
    }

    private Ran run(List<String> cmd, Path output, String name) throws IOException, InterruptedException {
        long before = childrenCpuTicks();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile()).start();
        if (!p.waitFor(RUN_LIMIT_SECONDS + 30, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw UserError.cannotRun(name + " did not finish within " + RUN_LIMIT_SECONDS + " s");
        }
        double cpu = (childrenCpuTicks() - before) / (double) clockTicksPerSecond();
        if (p.exitValue() != 0) {
            throw UserError.cannotRun(name + " exited with " + p.exitValue() + ": " + lastLine(dir.resolve(name + ".log")));
        }
        return new Ran(output, cpu, BenchLagCommand.loadAverage());
    }

    private static String lastLine(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return lines.isEmpty() ? "(no output)" : lines.get(lines.size() - 1);
    }

    /** cutime + cstime of this process: CPU of the children it has waited for, in clock ticks. */
    static long childrenCpuTicks() throws IOException {
        String stat = Files.readString(Path.of("/proc/self/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[13]) + Long.parseLong(f[14]); // fields 16 and 17, counted from the state (field 3)
    }

    private static long ticks = -1;

    private static synchronized long clockTicksPerSecond() {
        if (ticks < 0) {
            ticks = 100; // Linux's USER_HZ nearly everywhere; getconf says for sure
            try {
                Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
                String s = new String(p.getInputStream().readAllBytes()).trim();
                if (p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    ticks = Long.parseLong(s);
                }
            } catch (IOException | InterruptedException | NumberFormatException e) {
                // keep 100
            }
        }
        return ticks;
    }
}
