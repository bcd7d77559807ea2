package dev.infergate.run;

import dev.infergate.record.RunDocument;
import java.lang.management.ManagementFactory;

/**
 * The client process's own CPU time split by phase, for run.json's {@code client_cpu} block (docs/results.md):
 * what a run costs before its clock starts versus what each request costs once it runs. Every thread of the
 * process counts (event loops, record writer, JIT, GC), read from the JVM's process CPU counter at three marks:
 * when the client warm-up begins, when it ended, and around the measured load (just before the first scheduled
 * request until the last record was written).
 *
 * @param startupSeconds  process CPU from the JVM's start until the client warm-up began (class loading,
 *                        option parsing, preflight, tokenizer and workload set-up)
 * @param warmupSeconds   process CPU of the client warm-up (0 when it was off)
 * @param loadSeconds     process CPU from just before the first scheduled request until the last record
 * @param loadWallSeconds wall time of that same span (monotonic clock)
 * @param machineBusyShare the whole machine's CPU use over that span as a share of all its cores (every process,
 *                        this one included), or NaN where the JVM cannot say: with the process's own share it tells
 *                        a busy machine from a busy client
 * @param cores           the cores the JVM may use (a container's limit where there is one)
 */
public record ClientCpu(double startupSeconds, double warmupSeconds, double loadSeconds, double loadWallSeconds,
        double machineBusyShare, int cores) {
    public ClientCpu {
        if (!(startupSeconds >= 0 && warmupSeconds >= 0 && loadSeconds >= 0 && loadWallSeconds >= 0 && cores > 0)) {
            throw new IllegalArgumentException("startupSeconds (" + startupSeconds + "), warmupSeconds (" + warmupSeconds
                    + "), loadSeconds (" + loadSeconds + ") and loadWallSeconds (" + loadWallSeconds + ") must be >= 0, cores ("
                    + cores + ") > 0");
        }
    }

    public ClientCpu(double startupSeconds, double warmupSeconds, double loadSeconds, double loadWallSeconds) {
        this(startupSeconds, warmupSeconds, loadSeconds, loadWallSeconds, Double.NaN, Runtime.getRuntime().availableProcessors());
    }

    /**
     * The machine's CPU use since the previous call, as a share of its cores (the JDK keeps the previous counters:
     * /proc/stat, or the container's cgroup), or NaN where it cannot say. Called once when the load starts, so that
     * the call at its end covers the load alone.
     */
    public static double machineBusyShareSinceLastCall() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            double load = os.getCpuLoad();
            return load >= 0 && load <= 1 ? load : Double.NaN;
        }
        return Double.NaN;
    }

    /** The same marks, with the machine's CPU use over the load ({@link #machineBusyShareSinceLastCall()}). */
    public ClientCpu withMachine(double machineBusyShare) {
        return new ClientCpu(startupSeconds, warmupSeconds, loadSeconds, loadWallSeconds, machineBusyShare, cores);
    }

    /** The process's CPU time so far, every thread, in ns; 0 where the JVM cannot say (then every figure reads 0). */
    public static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? Math.max(0, os.getProcessCpuTime()) : 0;
    }

    /**
     * The marks, in process CPU ns (and the load's monotonic start and end).
     *
     * @param warmupStartCpuNanos process CPU when the warm-up began (= the start-up's CPU)
     * @param warmupEndCpuNanos   when it ended (equal to the start when there was none)
     * @param loadStartCpuNanos   just before the first scheduled request
     * @param loadEndCpuNanos     after the last record
     */
    public static ClientCpu of(long warmupStartCpuNanos, long warmupEndCpuNanos, long loadStartCpuNanos, long loadEndCpuNanos,
            long loadStartNanos, long loadEndNanos) {
        return new ClientCpu(warmupStartCpuNanos / 1e9, Math.max(0, warmupEndCpuNanos - warmupStartCpuNanos) / 1e9,
                Math.max(0, loadEndCpuNanos - loadStartCpuNanos) / 1e9, Math.max(0, loadEndNanos - loadStartNanos) / 1e9);
    }

    /** run.json's {@code client_cpu}: seconds, rounded to the ms. */
    public RunDocument.ClientCpuSeconds toJson() {
        boolean machine = !Double.isNaN(machineBusyShare); // the machine's share and its cores go together
        return new RunDocument.ClientCpuSeconds(round(startupSeconds), round(warmupSeconds), round(loadSeconds),
                round(loadWallSeconds), machine ? Math.round(machineBusyShare * 1000) / 1000.0 : null, machine ? cores : null);
    }

    private static double round(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }
}
