package dev.infergate.scale.k8s;

import dev.infergate.scale.LaunchSpec;
import dev.infergate.scale.ShardArchive;
import dev.infergate.scale.WorkerFleet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.LogWatch;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Follows each pod's log: every line goes to the launcher (progress, start offsets), to
 * {@code out/shards/shard-I.log} (archive lines left out), and through a {@link ShardArchive.Receiver} that
 * rebuilds the shard's run directory from the archive the worker prints at its end.
 */
final class PodLogs implements AutoCloseable {
    private final KubernetesClient client;
    private final String namespace;
    private final LaunchSpec spec;
    private final Map<Integer, String> podNames = new ConcurrentHashMap<>();
    private final Map<Integer, Thread> followers = new ConcurrentHashMap<>();
    private final Map<Integer, ShardArchive.Receiver> receivers = new ConcurrentHashMap<>();
    private final Map<Integer, LogWatch> watches = new ConcurrentHashMap<>();
    private volatile WorkerFleet.Lines lines = (shard, line) -> { };

    PodLogs(KubernetesClient client, String namespace, LaunchSpec spec) {
        this.client = client;
        this.namespace = namespace;
        this.spec = spec;
    }

    void sendTo(WorkerFleet.Lines sink) {
        this.lines = sink;
    }

    /** Starts following pod {@code name}'s log as shard {@code index}, once. */
    void follow(int index, String name) {
        if (podNames.putIfAbsent(index, name) != null) {
            return;
        }
        Thread follower = new Thread(() -> {
            try {
                LogWatch watch = client.pods().inNamespace(namespace).withName(name).watchLog();
                watches.put(index, watch);
                read(index, watch.getOutput());
            } catch (KubernetesClientException | IOException e) {
                // the stream broke: collect() reads the whole log once the pod ended
            }
        }, "infergate-pod-log-" + index);
        follower.setDaemon(true);
        followers.put(index, follower);
        follower.start();
    }

    /** Reads the whole log of a pod that ended, into a fresh receiver (when the followed stream broke off). */
    void reread(int index, String name) throws IOException {
        String log;
        try {
            log = client.pods().inNamespace(namespace).withName(name).getLog();
        } catch (KubernetesClientException e) {
            throw new IOException("cannot read the log of pod " + name + ": " + KubernetesFleet.oneLine(e), e);
        }
        ShardArchive.Receiver receiver = new ShardArchive.Receiver(spec.shardDir(index));
        receivers.put(index, receiver);
        try (BufferedReader in = new BufferedReader(new StringReader(log == null ? "" : log))) {
            String line;
            while ((line = in.readLine()) != null) {
                receiver.accept(line);
            }
        }
    }

    private void read(int index, InputStream stream) throws IOException {
        ShardArchive.Receiver receiver = new ShardArchive.Receiver(spec.shardDir(index));
        receivers.put(index, receiver);
        Path logFile = spec.out().resolve("shards").resolve("shard-" + index + ".log");
        Files.createDirectories(logFile.getParent());
        try (BufferedReader in = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
                Writer file = Files.newBufferedWriter(logFile, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND)) {
            String line;
            while ((line = in.readLine()) != null) {
                receiver.accept(line);
                if (!line.startsWith("infergate-data ")) {
                    file.write(line);
                    file.write('\n');
                    file.flush();
                    lines.line(index, line);
                }
            }
        }
    }

    /** Whether shard {@code index}'s log was followed to its end. */
    boolean finished(int index) {
        Thread follower = followers.get(index);
        return follower != null && !follower.isAlive();
    }

    ShardArchive.Receiver receiver(int index) {
        return receivers.get(index);
    }

    String podName(int index) {
        return podNames.get(index);
    }

    @Override
    public void close() {
        watches.values().forEach(LogWatch::close);
    }
}
