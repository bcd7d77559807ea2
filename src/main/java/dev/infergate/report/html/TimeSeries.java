package dev.infergate.report.html;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.infergate.analysis.Quantiles;
import dev.infergate.record.RequestRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One run bucketed over time, warm-up included (the page shades it). Every request counts in every bucket
 * it touches; the bucket width is shared by all sides of a report so their curves line up.
 *
 * <ul>
 *   <li>{@code completed_per_s}, {@code errors_per_s}: requests that ended in the bucket, per second;
 *   <li>{@code output_tokens_per_s}: a request's output tokens spread evenly from its first to its last
 *       token (at its end when it had one event);
 *   <li>{@code in_flight}: time-averaged number of requests between sent and end;
 *   <li>{@code ttft_p50_ms}, {@code ttft_p95_ms}, {@code e2e_p95_ms}: latency from <b>scheduled</b> of the
 *       successful requests scheduled in the bucket (what a user arriving then waited); null when none.
 * </ul>
 */
final class TimeSeries {
    private static final long[] NICE_WIDTHS_S = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600};
    /** The most buckets a run is cut into; longer runs get wider buckets. */
    static final int MAX_BUCKETS = 1500;

    private TimeSeries() {}

    /** The bucket width in seconds for runs lasting up to {@code lastEndNanos}. */
    static long bucketSeconds(long lastEndNanos) {
        double seconds = lastEndNanos / 1e9;
        for (long w : NICE_WIDTHS_S) {
            if (seconds / w <= MAX_BUCKETS) {
                return w;
            }
        }
        return (long) Math.ceil(seconds / MAX_BUCKETS);
    }

    /** The series of {@code run} over {@code buckets} buckets of {@code widthSeconds}. */
    static Series of(RunColumns run, long widthSeconds, int buckets) {
        long width = widthSeconds * 1_000_000_000L;
        double[] completed = new double[buckets];
        double[] errors = new double[buckets];
        double[] tokens = new double[buckets];
        double[] inFlight = new double[buckets];
        List<List<Float>> ttft = new ArrayList<>();
        List<List<Float>> e2e = new ArrayList<>();
        for (int b = 0; b < buckets; b++) {
            ttft.add(new ArrayList<>());
            e2e.add(new ArrayList<>());
        }
        for (int i = 0; i < run.size(); i++) {
            long end = run.endNanos(i);
            boolean cancelled = run.cancelled(i); // a user's stop: its TTFT counts, its end and tokens do not
            if (!cancelled) {
                (run.failed(i) ? errors : completed)[bucket(end, width, buckets)] += 1;
                spread(tokens, run.firstTokenNanos(i), run.lastTokenNanos(i), end, run.outputTokens(i), width);
            }
            if (run.sentNanos(i) != RequestRecord.ABSENT) {
                overlap(inFlight, run.sentNanos(i), end, width);
            }
            if (!run.failed(i) && run.firstTokenNanos(i) != RequestRecord.ABSENT) {
                int b = bucket(run.scheduledNanos(i), width, buckets);
                ttft.get(b).add((float) ((run.firstTokenNanos(i) - run.scheduledNanos(i)) / 1e6));
                if (!cancelled) {
                    e2e.get(b).add((float) ((end - run.scheduledNanos(i)) / 1e6));
                }
            }
        }
        return new Series(perSecond(completed, widthSeconds), perSecond(tokens, widthSeconds), perSecond(inFlight, 1),
                perSecond(errors, widthSeconds), percentiles(ttft, 0.50), percentiles(ttft, 0.95), percentiles(e2e, 0.95));
    }

    /** One value per bucket of each figure drawn over time; a latency is null in a bucket without a request. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Series(List<Double> completedPerS, List<Double> outputTokensPerS, List<Double> inFlight, List<Double> errorsPerS,
            List<Double> ttftP50Ms, List<Double> ttftP95Ms, List<Double> e2eP95Ms) {}

    private static int bucket(long nanos, long width, int buckets) {
        return (int) Math.max(0, Math.min(buckets - 1, nanos / width));
    }

    /** Adds {@code amount} spread evenly over [from, to] (at {@code end} when the span is empty). */
    private static void spread(double[] into, long from, long to, long end, double amount, long width) {
        if (amount <= 0) {
            return;
        }
        if (from == RequestRecord.ABSENT || to == RequestRecord.ABSENT || to <= from) {
            into[bucket(end, width, into.length)] += amount;
            return;
        }
        double perNano = amount / (to - from);
        for (long b = from / width; b <= to / width && b < into.length; b++) {
            long lo = Math.max(from, b * width);
            long hi = Math.min(to, (b + 1) * width);
            into[(int) b] += perNano * Math.max(0, hi - lo);
        }
    }

    /** Adds the share of each bucket that [from, to] covers: summed over requests, the mean in flight. */
    private static void overlap(double[] into, long from, long to, long width) {
        for (long b = from / width; b <= to / width && b < into.length; b++) {
            long lo = Math.max(from, b * width);
            long hi = Math.min(to, (b + 1) * width);
            into[(int) b] += Math.max(0, hi - lo) / (double) width;
        }
    }

    private static List<Double> perSecond(double[] values, long widthSeconds) {
        List<Double> out = new ArrayList<>(values.length);
        for (double v : values) {
            out.add(Num.round3(v / widthSeconds));
        }
        return out;
    }

    /** The nearest-rank percentile of each bucket's values; null for an empty bucket. */
    private static List<Double> percentiles(List<List<Float>> buckets, double q) {
        List<Double> out = new ArrayList<>(buckets.size());
        for (List<Float> values : buckets) {
            if (values.isEmpty()) {
                out.add(null);
                continue;
            }
            double[] sorted = new double[values.size()];
            for (int i = 0; i < sorted.length; i++) {
                sorted[i] = values.get(i);
            }
            Arrays.sort(sorted);
            out.add(Num.round3(Quantiles.ofSorted(sorted, q * 100)));
        }
        return out;
    }
}
