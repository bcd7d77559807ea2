package dev.infergate.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The metronome server a benchmark measures against: started in this process (client and server share
 * the cores and the JVM), in a child JVM ({@code infergate bench metronome-server}, so the two compete
 * only for cores), or already running elsewhere on this machine. A child's and this process's
 * {@code System.nanoTime()} both read {@code CLOCK_MONOTONIC} on Linux, so their marks compare.
 */
public final class ServerHandle implements AutoCloseable {
    /** The line a metronome server prints once it listens; the base URL follows it. */
    public static final String READY = "metronome listening on ";

    private final String baseUrl;
    private final TruthSource truths;
    private final MetronomeServer inProcess;
    private final Process child;

    private ServerHandle(String baseUrl, TruthSource truths, MetronomeServer inProcess, Process child) {
        this.baseUrl = baseUrl;
        this.truths = truths;
        this.inProcess = inProcess;
        this.child = child;
    }

    /** Starts a server in this JVM on a free port. */
    public static ServerHandle inProcess(int eventLoops, long spinNanos) {
        MetronomeServer s = MetronomeServer.start(0, eventLoops, spinNanos, true);
        return new ServerHandle(s.baseUrl(), s::drainTruths, s, null);
    }

    /** A server already running at {@code baseUrl} (e.g. {@code http://127.0.0.1:8123/v1}) on this machine. */
    public static ServerHandle external(String baseUrl) {
        String root = baseUrl.replaceAll("/v1/?$", "");
        return new ServerHandle(baseUrl, TruthSource.remote(root), null, null);
    }

    /** Starts {@code infergate bench metronome-server} in a child JVM with this process's class path. */
    public static ServerHandle childProcess(int eventLoops, long spinNanos) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx512m", "-cp", System.getProperty("java.class.path"),
                "dev.infergate.cli.Main", "bench", "metronome-server", "--port", "0",
                "--event-loops", String.valueOf(eventLoops), "--spin", (spinNanos / 1000) + "us"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null && !line.startsWith(READY)) {
            // banner lines before the ready line are skipped
        }
        if (line == null) {
            p.destroyForcibly();
            throw new IOException("the metronome server process ended before it listened (exit " + p.exitValue() + ")");
        }
        String url = line.substring(READY.length()).trim();
        Thread drain = new Thread(() -> out.lines().forEach(l -> { }), "metronome-child-output");
        drain.setDaemon(true);
        drain.start();
        String root = url.replaceAll("/v1/?$", "");
        return new ServerHandle(url, TruthSource.remote(root), null, p);
    }

    public String baseUrl() {
        return baseUrl;
    }

    public TruthSource truths() {
        return truths;
    }

    /** Ids of the in-process server's threads; empty when the server runs in another process. */
    public java.util.Set<Long> serverThreadIds() {
        return inProcess == null ? java.util.Set.of() : inProcess.threadIds();
    }

    /** CPU time the child server used so far, or -1 when the server is not a child of this process. */
    public long childCpuNanos() {
        return child == null ? -1 : child.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
    }

    @Override
    public void close() {
        if (inProcess != null) {
            inProcess.close();
        }
        if (child != null) {
            child.destroy();
            try {
                if (!child.waitFor(5, TimeUnit.SECONDS)) {
                    child.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                child.destroyForcibly();
            }
        }
    }
}
