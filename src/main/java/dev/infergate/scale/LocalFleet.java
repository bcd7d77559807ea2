package dev.infergate.scale;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * N workers as local processes ({@code infergate k8s run --local}): each a JVM running {@code k8s worker --barrier
 * stdin} on its shard. The barrier is its stdin, its output goes to {@code out/shards/shard-I.log} and to the
 * launcher, and its run directory is already where the launcher merges from. The whole scale-out path (barrier,
 * start spread, collection, merge, partial shards) runs on one machine, and in CI.
 */
public final class LocalFleet implements WorkerFleet {
    private final LaunchSpec spec;
    private final List<String> javaCommand;
    private final List<Process> processes = new ArrayList<>();
    private final List<Thread> readers = new ArrayList<>();
    private final Map<Integer, Boolean> ready = new ConcurrentHashMap<>();

    /**
     * @param javaCommand how to start a JVM with infergate's classes: e.g. {@code java -cp infergate.jar}
     *                    ({@link #currentJvm()}); the main class and worker arguments follow it
     */
    public LocalFleet(LaunchSpec spec, List<String> javaCommand) {
        this.spec = spec;
        this.javaCommand = List.copyOf(javaCommand);
    }

    /** This JVM's own java binary and class path. */
    public static List<String> currentJvm() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of(java, "-cp", System.getProperty("java.class.path")); // JVM defaults, as a plain run has them
    }

    @Override
    public void start(Lines lines) throws IOException {
        for (int i = 0; i < spec.workers(); i++) {
            Path dir = spec.shardDir(i);
            Files.createDirectories(dir.getParent());
            List<String> command = new ArrayList<>(javaCommand);
            command.addAll(List.of("dev.infergate.cli.Main", "k8s", "worker", "--barrier", "stdin", "--"));
            command.addAll(spec.shardRunArgs(i, dir.toString()));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            processes.add(process);
            int shard = i;
            Thread reader = new Thread(() -> pump(shard, process, lines), "infergate-worker-" + i);
            reader.setDaemon(true);
            reader.start();
            readers.add(reader);
        }
    }

    private void pump(int shard, Process process, Lines lines) {
        Path log = spec.out().resolve("shards").resolve("shard-" + shard + ".log");
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                Writer file = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                file.write(line);
                file.write('\n');
                file.flush();
                if (WorkerLine.parse(line) instanceof WorkerLine.Ready r && r.shard() == shard) {
                    ready.put(shard, true);
                }
                lines.line(shard, line);
            }
        } catch (IOException e) {
            // the process went away: ended() tells
        }
    }

    @Override
    public int readyCount() {
        return ready.size();
    }

    @Override
    public Map<Integer, Integer> ended() {
        Map<Integer, Integer> ended = new TreeMap<>();
        for (int i = 0; i < processes.size(); i++) {
            if (!processes.get(i).isAlive() && !readers.get(i).isAlive()) {
                ended.put(i, processes.get(i).exitValue());
            }
        }
        return ended;
    }

    @Override
    public void publishStart(Instant startAt) {
        tellAll(StdinBarrier.startLine(startAt));
    }

    @Override
    public void publishStop() {
        tellAll(StdinBarrier.STOP_LINE);
    }

    private void tellAll(String line) {
        for (Process p : processes) {
            try {
                OutputStream in = p.getOutputStream();
                in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                in.flush();
            } catch (IOException e) {
                // that worker ended already: ended() tells
            }
        }
    }

    @Override
    public Path collect(int index) {
        Path dir = spec.shardDir(index);
        return Files.isDirectory(dir) ? dir : null;
    }

    /** Kills shard {@code index}'s process at once (kill -9), as a crash would: for tests of partial results. */
    void kill(int index) {
        processes.get(index).destroyForcibly();
    }

    @Override
    public String describe() {
        return spec.workers() + (spec.workers() == 1 ? " local process" : " local processes");
    }

    @Override
    public void close() {
        for (Process p : processes) {
            if (p.isAlive()) {
                p.destroy();
            }
        }
        for (Process p : processes) {
            try {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
    }
}
