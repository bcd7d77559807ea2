package dev.infergate.bench;

import dev.infergate.client.Preflight;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs points one after another against one server, each {@code repeat} times, printing a row per run as
 * it finishes and then the table of medians. Each run's log goes to a fresh directory under {@code work}
 * (deleted afterwards unless {@code keep}); the server's truths are drained before each run.
 */
public final class AccuracySweep {
    private AccuracySweep() {}

    /** @return the median result of each point, in order */
    public static List<AccuracyBench.Result> run(ServerHandle server, List<AccuracyPoint> points, int repeat, Path work,
            boolean keep, PrintWriter out) throws IOException, Preflight.Failure {
        if (repeat < 1) {
            throw new IllegalArgumentException("repeat (" + repeat + ") must be >= 1");
        }
        List<AccuracyBench.Result> medians = new ArrayList<>();
        out.println(AccuracyTable.HEADER);
        out.flush();
        for (AccuracyPoint point : points) {
            List<AccuracyBench.Result> runs = new ArrayList<>();
            for (int i = 0; i < repeat; i++) {
                server.truths().drain();
                Path dir = work.resolve("streams-" + point.streams() + "-itl-" + point.itl().toNanos() / 1000 + "us-" + i);
                long childCpuBefore = server.childCpuNanos();
                AccuracyBench.Result r = AccuracyBench.run(server, point, dir);
                runs.add(r);
                out.println(AccuracyTable.row(r) + childCpu(server, childCpuBefore, r.wallSeconds()));
                out.println("        cpu cores by thread group: " + AccuracyTable.cpu(r.cpuByGroup()) + "; " + r.gc());
                out.flush();
                if (!keep) {
                    delete(dir);
                }
            }
            medians.add(Medians.of(runs));
        }
        return medians;
    }

    private static String childCpu(ServerHandle server, long before, double wallSeconds) {
        long after = server.childCpuNanos();
        return before < 0 || after < 0 ? "" : String.format(java.util.Locale.ROOT, " (server process cpu %.2f)", (after - before) / 1e9 / wallSeconds);
    }

    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
