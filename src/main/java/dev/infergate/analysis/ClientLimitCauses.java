package dev.infergate.analysis;

import dev.infergate.record.RunDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Why a client-limited run fell behind, from the causes the client can see in itself (run.json's {@code client_cpu}
 * and {@code connections} blocks), each named with its evidence and its remedy, so that "free CPU" is never the
 * advice for a run that waited for its own connections.
 *
 * <ul>
 *   <li><b>CPU</b>: the process used at least {@link #CPU_BUSY_SHARE} of its event loops' cores over the load, so its
 *       threads waited for a core;</li>
 *   <li><b>connection limit</b>: requests were held because every connection was in use;</li>
 *   <li><b>event loop</b>: requests were held on a full event loop while another had room (connections pinned to a
 *       loop; this client shares them, so only older runs show it).</li>
 * </ul>
 * A client retry's lost time is not among them: it is the retry's ({@code client_retry_delay_ns}), never lag.
 * When none is found the lag came from outside the client's own accounting: another process on the machine, or
 * the JVM (GC, JIT).
 */
public final class ClientLimitCauses {
    /** Process CPU per wall second, as a share of the event loops, at which the client counts as CPU-bound. */
    public static final double CPU_BUSY_SHARE = 0.8;

    private ClientLimitCauses() {}

    /** One cause, named, with its evidence and what to do. */
    public record Cause(String name, String evidence, String remedy) {
        public Cause {
            if (name == null || evidence == null || remedy == null) {
                throw new IllegalArgumentException("name, evidence and remedy must be set");
            }
        }

        @Override
        public String toString() {
            return name + " (" + evidence + "): " + remedy;
        }
    }

    /** The causes {@code run} shows, most telling first; empty when none is seen. */
    public static List<Cause> of(RunDocument run) {
        List<Cause> causes = new ArrayList<>();
        RunDocument.Connections c = run.connections();
        if (c != null) {
            long atLimit = positive(c.heldAtConnectionLimit()) + positive(c.waitedForBusyConnection());
            if (positive(c.heldOnFullLoop()) > 0) {
                causes.add(new Cause("event loop", c.heldOnFullLoop() + " requests held on a full event loop while"
                        + " another had room", "run with --event-loops 1, or a version that shares connections"));
            }
            if (atLimit > 0) {
                causes.add(new Cause("connection limit", atLimit + " requests waited for a connection in use",
                        "allow more connections (a higher --concurrency limit) or lower the load"));
            }
        }
        RunDocument.ClientCpuSeconds cpu = run.clientCpu();
        Integer loops = c == null ? null : c.eventLoops();
        if (cpu != null && cpu.loadS() != null && cpu.loadWallS() != null && cpu.loadWallS() > 0 && loops != null && loops > 0) {
            double cores = cpu.loadS() / cpu.loadWallS();
            if (cores >= CPU_BUSY_SHARE * loops) {
                causes.add(new Cause("CPU", String.format(Locale.ROOT, "%.2f cores busy on average for %d event loops",
                        cores, loops), "free CPU on this machine, add --event-loops, or shard the client"));
            }
        }
        return causes;
    }

    /** The console's line under the client-limited warning. */
    public static String line(RunDocument run) {
        List<Cause> causes = of(run);
        if (causes.isEmpty()) {
            return "  cause: none the client saw in itself (CPU not busy, no connection waits): another process on this"
                    + " machine or the JVM (GC, JIT) held it back; rerun on a quieter machine";
        }
        StringBuilder out = new StringBuilder();
        for (Cause cause : causes) {
            out.append(out.isEmpty() ? "" : "\n").append("  cause: ").append(cause);
        }
        return out.toString();
    }

    private static long positive(Long value) {
        return value == null ? 0 : Math.max(0, value);
    }
}
