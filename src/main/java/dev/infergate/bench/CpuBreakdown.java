package dev.infergate.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.LongPredicate;

/**
 * Where a benchmark's CPU went, by thread group: the metronome server (its event loops and timer thread,
 * when in this process), the client's I/O threads, the record writer, other Java threads, and the JVM's
 * own threads (GC, JIT: the process total minus every Java thread). Take a snapshot before and after the
 * measured part, while the threads are still alive: a thread that ended takes its CPU time with it.
 */
public final class CpuBreakdown {
    /** Thread groups, in print order. */
    public static final String SERVER = "server";
    public static final String CLIENT_IO = "client-io";
    public static final String WRITER = "writer";
    public static final String OTHER = "other";
    public static final String JVM = "gc+jit";

    private final Map<Long, Long> threadNanos = new HashMap<>();
    private final Map<Long, String> groups = new HashMap<>();
    private final long processNanos;

    private CpuBreakdown(LongPredicate serverThread) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info == null) {
                continue;
            }
            long cpu = threads.getThreadCpuTime(info.getThreadId());
            if (cpu < 0) {
                continue;
            }
            threadNanos.put(info.getThreadId(), cpu);
            groups.put(info.getThreadId(), group(info.getThreadId(), info.getThreadName(), serverThread));
        }
        this.processNanos = AccuracyBench.processCpuNanos();
    }

    /** @param serverThreads ids of the in-process server's threads (empty when the server runs elsewhere) */
    public static CpuBreakdown snapshot(Set<Long> serverThreads) {
        return new CpuBreakdown(serverThreads::contains);
    }

    static String group(long id, String name, LongPredicate serverThread) {
        if (serverThread.test(id)) {
            return SERVER;
        }
        if (name.startsWith("vert.x-eventloop")) {
            return CLIENT_IO;
        }
        return name.equals("infergate-record-writer") ? WRITER : OTHER;
    }

    /** Cores used per group between {@code before} and this snapshot, over {@code wallSeconds}. */
    public Map<String, Double> coresSince(CpuBreakdown before, double wallSeconds) {
        Map<String, Double> cores = new LinkedHashMap<>();
        for (String g : new String[] {SERVER, CLIENT_IO, WRITER, OTHER, JVM}) {
            cores.put(g, 0.0);
        }
        long javaNanos = 0;
        for (Map.Entry<Long, Long> e : threadNanos.entrySet()) {
            long delta = e.getValue() - before.threadNanos.getOrDefault(e.getKey(), 0L);
            javaNanos += delta;
            cores.merge(groups.get(e.getKey()), delta / 1e9 / wallSeconds, Double::sum);
        }
        cores.put(JVM, Math.max(0, processNanos - before.processNanos - javaNanos) / 1e9 / wallSeconds);
        return cores;
    }
}
