package dev.infergate.bench;

import dev.infergate.load.TraceSchedule;
import dev.infergate.workload.trace.TraceScan;
import dev.infergate.workload.trace.TraceSpec;
import dev.infergate.workload.trace.TraceWindow;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.SplittableRandom;

/**
 * How fast trace replay reads a trace and how much heap it keeps: a synthetic Mooncake trace of N lines is
 * written once, then read the two ways a run reads it, each pass timed on its own: the set-up scan
 * ({@link TraceScan}: parse every line, keep each sent request's offset, count repeated blocks) and the
 * schedule's walk ({@link TraceSchedule#offsets()}: parse every line again, yield its due time). The heap
 * figure is the largest heap in use after a GC during the passes ({@link HeapWatch}), with the scan result held.
 */
public final class TraceBench {
    /** One pass: lines read, the time it took and the CPU time its thread used (what a busy machine does not inflate). */
    public record Pass(String name, long lines, long nanos, long cpuNanos) {
        public double linesPerSecond() {
            return lines * 1e9 / nanos;
        }

        public double linesPerCpuSecond() {
            return lines * 1e9 / cpuNanos;
        }
    }

    /** The passes in order, the peak heap in use after GC (bytes, -1 when no GC ran) and the trace's size. */
    public record Result(List<Pass> passes, long peakHeapAfterGcBytes, long traceBytes, long lines) {}

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private TraceBench() {}

    /**
     * Writes a Mooncake trace of {@code lines} lines to {@code file}: about 16 blocks a prompt (8,000 tokens),
     * half of the prompts continuing one of the last 1,000 prompts' first blocks, a request every 20 ms.
     */
    public static void writeTrace(Path file, long lines, long seed) throws IOException {
        SplittableRandom rng = new SplittableRandom(seed);
        int[][] recent = new int[1000][];
        int nextId = 0;
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            StringBuilder line = new StringBuilder(256);
            for (long i = 0; i < lines; i++) {
                int blocks = 4 + rng.nextInt(25);
                int[] ids = new int[blocks];
                int shared = 0;
                int[] root = recent[rng.nextInt(recent.length)];
                if (root != null && rng.nextBoolean()) {
                    shared = Math.min(root.length, 1 + rng.nextInt(blocks));
                    System.arraycopy(root, 0, ids, 0, shared);
                }
                for (int b = shared; b < blocks; b++) {
                    ids[b] = nextId++;
                }
                recent[(int) (i % recent.length)] = ids;
                line.setLength(0);
                line.append("{\"timestamp\": ").append(i * 20).append(", \"input_length\": ")
                        .append(blocks * 512 - rng.nextInt(512)).append(", \"output_length\": ").append(1 + rng.nextInt(600))
                        .append(", \"hash_ids\": [");
                for (int b = 0; b < blocks; b++) {
                    line.append(b == 0 ? "" : ", ").append(ids[b]);
                }
                w.append(line).append("]}\n");
            }
        }
    }

    /** Reads {@code file} {@code repeats} times each way. */
    public static Result run(Path file, int repeats) throws IOException {
        TraceSpec spec = TraceSpec.of(file, null, TraceWindow.ALL, 1.0, 0);
        List<Pass> passes = new ArrayList<>();
        long lines = 0;
        List<TraceScan> held = new ArrayList<>(); // the scan lives as long as a run: hold the last one
        try (HeapWatch heap = new HeapWatch(() -> 0)) {
            for (int r = 0; r < repeats; r++) {
                long start = System.nanoTime();
                long cpu = CPU.getCurrentThreadCpuTime();
                TraceScan scan = TraceScan.of(spec);
                passes.add(new Pass("scan", scan.requests(), System.nanoTime() - start, CPU.getCurrentThreadCpuTime() - cpu));
                held.clear();
                held.add(scan);
                lines = scan.requests();
                start = System.nanoTime();
                cpu = CPU.getCurrentThreadCpuTime();
                long n = 0;
                long last = 0;
                for (PrimitiveIterator.OfLong it = new TraceSchedule(spec).offsets(); it.hasNext(); n++) {
                    last = it.nextLong();
                }
                passes.add(new Pass("schedule", n, System.nanoTime() - start, CPU.getCurrentThreadCpuTime() - cpu));
                if (last < 0) {
                    throw new IllegalStateException("negative offset");
                }
            }
            System.gc(); // one sample with the scan held and nothing else
            long peak = heap.samples().stream().mapToLong(HeapWatch.Sample::usedAfterGcBytes).max().orElse(-1);
            return new Result(passes, peak, Files.size(file), lines);
        }
    }
}
