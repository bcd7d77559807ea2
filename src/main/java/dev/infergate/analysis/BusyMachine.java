package dev.infergate.analysis;

import dev.infergate.record.RunDocument;
import java.util.Locale;

/**
 * A machine busy with other processes while a run's load ran: the whole machine's CPU use against the client's own
 * (run.json's {@code client_cpu}). When such a run's client fell behind, or the simulator serving it fell behind its
 * model, the cause is the machine, and the console says that once, with what to do, instead of a warning per symptom.
 *
 * @param busyShare   the machine's CPU use over the load, a share of all its cores
 * @param cores       the cores the client's JVM could use
 * @param clientCores the client process's own cores busy on average over the load
 */
public record BusyMachine(double busyShare, int cores, double clientCores) {
    /** The machine's CPU use at or above which it counts as busy. */
    public static final double BUSY_SHARE = 0.8;
    /** The share of the machine that other processes must have used for the machine, not the client, to be the cause. */
    public static final double OTHERS_SHARE = 0.5;

    public BusyMachine {
        if (!(busyShare >= 0 && busyShare <= 1 && cores > 0 && clientCores >= 0)) {
            throw new IllegalArgumentException("busyShare (" + busyShare + ") must be in [0, 1], cores (" + cores
                    + ") > 0, clientCores (" + clientCores + ") >= 0");
        }
    }

    /** The run's machine when it was busy with other processes during the load; null otherwise or where not recorded. */
    public static BusyMachine of(RunDocument run) {
        RunDocument.ClientCpuSeconds cpu = run.clientCpu();
        if (cpu == null || cpu.machineBusyShare() == null || cpu.cores() == null || cpu.cores() <= 0
                || cpu.clientCores() == null) {
            return null;
        }
        BusyMachine m = new BusyMachine(Math.min(1, Math.max(0, cpu.machineBusyShare())), cpu.cores(), cpu.clientCores());
        return m.busyWithOthers() ? m : null;
    }

    /** Cores other processes used on average over the load (never below 0: the two counters are read apart). */
    public double otherCores() {
        return Math.max(0, busyShare * cores - clientCores);
    }

    boolean busyWithOthers() {
        return busyShare >= BUSY_SHARE && otherCores() >= OTHERS_SHARE * cores;
    }

    /**
     * The one line a run on a busy machine gets, naming what fell behind.
     *
     * @param clientLagP99Ms   the client's lag p99 when it was client-limited, or null
     * @param simulatorBehind  whether the simulator serving the run fell behind its model
     */
    public String line(Double clientLagP99Ms, boolean simulatorBehind) {
        String what = clientLagP99Ms != null && simulatorBehind
                ? String.format(Locale.ROOT, "the client fell behind its schedule (lag p99 %.1f ms) and the simulator"
                        + " behind its model", clientLagP99Ms)
                : clientLagP99Ms != null
                        ? String.format(Locale.ROOT, "the client fell behind its schedule (lag p99 %.1f ms)", clientLagP99Ms)
                        : "the simulator fell behind its model";
        return String.format(Locale.ROOT, "busy machine: its CPUs were %.0f %% busy during the load, %.1f of its %d cores"
                + " used by other processes (this client %.1f); %s, so this run's figures describe the machine as much as"
                + " the server. Rerun on a quieter machine, give the client fewer event loops (--event-loops 1), or shard"
                + " it across machines (--shard I/N); compare and accept bound what such lateness can explain",
                busyShare * 100, otherCores(), cores, clientCores, what);
    }
}
