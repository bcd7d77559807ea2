package dev.infergate.bench;

import java.util.List;

/**
 * What the heap samples of a run say: the peak heap in use after a collection, and how that grows with
 * finished requests (least-squares slope over the samples taken once requests were finishing). A run that
 * keeps a small fixed record per request, or none, shows a flat slope; one that keeps per-event arrays
 * grows by hundreds of bytes per request.
 *
 * @param collections          collections observed
 * @param peakUsedAfterGcBytes largest heap in use after a collection, bytes
 * @param bytesPerRequest      slope of heap after GC against finished requests, bytes per request (NaN
 *                             with fewer than 3 samples after the first finished request)
 */
public record HeapFigures(int collections, long peakUsedAfterGcBytes, double bytesPerRequest) {
    public HeapFigures {
        if (collections < 0 || peakUsedAfterGcBytes < 0) {
            throw new IllegalArgumentException("collections (" + collections + ") and peak (" + peakUsedAfterGcBytes + ") must be >= 0");
        }
    }

    public static HeapFigures of(List<HeapWatch.Sample> samples) {
        long peak = samples.stream().mapToLong(HeapWatch.Sample::usedAfterGcBytes).max().orElse(0);
        List<HeapWatch.Sample> running = samples.stream().filter(s -> s.progress() > 0).toList();
        return new HeapFigures(samples.size(), peak, slope(running));
    }

    static double slope(List<HeapWatch.Sample> s) {
        int n = s.size();
        if (n < 3) {
            return Double.NaN;
        }
        double mx = s.stream().mapToDouble(HeapWatch.Sample::progress).average().orElse(0);
        double my = s.stream().mapToDouble(HeapWatch.Sample::usedAfterGcBytes).average().orElse(0);
        double sxy = 0;
        double sxx = 0;
        for (HeapWatch.Sample x : s) {
            sxy += (x.progress() - mx) * (x.usedAfterGcBytes() - my);
            sxx += (x.progress() - mx) * (x.progress() - mx);
        }
        return sxx == 0 ? Double.NaN : sxy / sxx;
    }
}
