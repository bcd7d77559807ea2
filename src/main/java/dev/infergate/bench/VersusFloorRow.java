package dev.infergate.bench;

import java.util.List;

/**
 * One client's figures at one {@code bench versus-floor} point, from one run or as medians over repeats (each
 * column's median on its own, lower median for an even count; never a best run).
 *
 * @param ttftP50Ms      TTFT error p50, ms (client minus the server's own)
 * @param ttftP99Ms      TTFT error p99, ms
 * @param itlP50Ms       ITL error p50, ms
 * @param itlP99Ms       ITL error p99, ms
 * @param cpuSeconds     the whole process's CPU time, every thread
 * @param events         output events the client received
 * @param startupSeconds process CPU before the client warm-up began; NaN for the floor client (it has none)
 * @param warmupSeconds  process CPU of the client warm-up; NaN for the floor client
 * @param loadSeconds    process CPU from the first scheduled request to the last record; NaN for the floor client
 * @param matched        requests found in the truth server's log
 */
public record VersusFloorRow(double ttftP50Ms, double ttftP99Ms, double itlP50Ms, double itlP99Ms, double cpuSeconds,
        long events, double startupSeconds, double warmupSeconds, double loadSeconds, int matched) {

    /** A run's row from its errors and CPU; {@code cpu} null: the floor client, whose CPU is not split by phase. */
    public static VersusFloorRow of(FloorErrors.Errors e, double cpuSeconds, long events, FloorLogs.PhaseCpu cpu) {
        return new VersusFloorRow(e.ttftAt(50), e.ttftAt(99), e.itlAt(50), e.itlAt(99), cpuSeconds, events,
                cpu == null ? Double.NaN : cpu.startupSeconds(), cpu == null ? Double.NaN : cpu.warmupSeconds(),
                cpu == null ? Double.NaN : cpu.loadSeconds(), e.matched());
    }

    /** Whole-process CPU per output event, µs (start-up, warm-up, JIT and GC included). */
    public double microsPerEvent() {
        return events == 0 ? Double.NaN : cpuSeconds / events * 1e6;
    }

    /**
     * Steady-state CPU per output event, µs: the load's CPU only (issue 17's figure); for the floor client, whose
     * start-up is negligible, its whole-process figure.
     */
    public double steadyMicrosPerEvent() {
        return Double.isNaN(loadSeconds) ? microsPerEvent() : events == 0 ? Double.NaN : loadSeconds / events * 1e6;
    }

    /** The column-wise medians of {@code runs} (at least one). */
    public static VersusFloorRow median(List<VersusFloorRow> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("runs must not be empty");
        }
        return new VersusFloorRow(Medians.median(runs, VersusFloorRow::ttftP50Ms), Medians.median(runs, VersusFloorRow::ttftP99Ms),
                Medians.median(runs, VersusFloorRow::itlP50Ms), Medians.median(runs, VersusFloorRow::itlP99Ms),
                Medians.median(runs, VersusFloorRow::cpuSeconds), Medians.lmedian(runs, VersusFloorRow::events),
                Medians.median(runs, VersusFloorRow::startupSeconds), Medians.median(runs, VersusFloorRow::warmupSeconds),
                Medians.median(runs, VersusFloorRow::loadSeconds), (int) Medians.lmedian(runs, VersusFloorRow::matched));
    }
}
