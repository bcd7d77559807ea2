package dev.infergate.cli;

import dev.infergate.bench.MemoryBench;
import dev.infergate.bench.SoakWatch;
import dev.infergate.record.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The console lines and the CSV of {@code bench memory --soak}. */
final class SoakLines {
    private SoakLines() {}

    static String row(SoakWatch.Sample s) {
        return String.format(Locale.ROOT, "%10.0f %16s %10s %10d %10d", s.elapsedSeconds(), mb(s.heapAfterGcBytes()),
                mb(s.rssBytes()), s.requests(), s.records());
    }

    /**
     * Heap after GC and RSS at the first and last sample and their highest, and whether the log holds a record for
     * every request sent.
     */
    static String summary(MemoryBench.SoakResult r) {
        List<SoakWatch.Sample> s = r.samples();
        if (s.isEmpty()) {
            return "soak: no sample";
        }
        SoakWatch.Sample first = s.stream().filter(x -> x.heapAfterGcBytes() >= 0).findFirst().orElse(s.get(0));
        SoakWatch.Sample last = s.get(s.size() - 1);
        long maxHeap = s.stream().mapToLong(SoakWatch.Sample::heapAfterGcBytes).max().orElse(-1);
        long maxRss = s.stream().mapToLong(SoakWatch.Sample::rssBytes).max().orElse(-1);
        return String.format(Locale.ROOT, "soak: %d requests, %d records (%s) in %.0f s; heap after GC %s MB at %.0f s, "
                        + "%s MB at the end, at most %s MB; RSS %s MB at %.0f s, %s MB at the end, at most %s MB; "
                        + "in use after the run and a full GC %.1f MB", last.requests(), last.records(),
                last.records() == last.requests() ? "every request recorded" : "MISSING " + (last.requests() - last.records()),
                last.elapsedSeconds(), mb(first.heapAfterGcBytes()), first.elapsedSeconds(), mb(last.heapAfterGcBytes()),
                mb(maxHeap), mb(first.rssBytes()), first.elapsedSeconds(), mb(last.rssBytes()), mb(maxRss),
                r.run().usedAfterFinalGcBytes() / 1048576.0);
    }

    static void writeCsv(List<SoakWatch.Sample> samples, Path file) throws IOException {
        StringBuilder b = new StringBuilder("elapsed_s,heap_after_gc_bytes,rss_bytes,requests,records\n");
        for (SoakWatch.Sample s : samples) {
            b.append(String.format(Locale.ROOT, "%.1f,%d,%d,%d,%d%n", s.elapsedSeconds(), s.heapAfterGcBytes(), s.rssBytes(),
                    s.requests(), s.records()));
        }
        AtomicFiles.writeString(file, b.toString());
    }

    private static String mb(long bytes) {
        return bytes < 0 ? "-" : String.format(Locale.ROOT, "%.1f", bytes / 1048576.0);
    }
}
