package dev.infergate.load;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Live counters of a run, read by the progress display. Requests are counted on the event loops as they finish;
 * output tokens, the latency so far and errors by class from each final record on the record writer's thread
 * (never on an event loop, so the live view costs the measurement nothing): HdrHistogram {@link Recorder}s, whose
 * interval histograms the display folds into its own running totals.
 */
public final class Progress {
    final AtomicLong started = new AtomicLong();
    final AtomicLong completed = new AtomicLong();
    final AtomicLong failed = new AtomicLong();
    final AtomicLong outputTokens = new AtomicLong();
    /** Requests the client could not take on (its bounds were full): recorded as {@code not_sent}. */
    final AtomicLong notSent = new AtomicLong();

    private static final int DIGITS = 2;
    private final Recorder ttftMicros = new Recorder(DIGITS);
    private final Recorder tpotMicros = new Recorder(DIGITS);
    private final Recorder e2eMicros = new Recorder(DIGITS);
    private final Recorder lagMicros = new Recorder(DIGITS);
    private final AtomicLongArray errors = new AtomicLongArray(ErrorClass.values().length);
    private final Totals totals = new Totals();
    /** Told of every final record as it is written (a capacity probe deciding its outcome early); null for none. */
    private volatile java.util.function.Consumer<RequestRecord> listener;

    /** Counts {@code record}'s output tokens and, for a measured request, its latencies or its error class. */
    void recorded(RequestRecord record) {
        java.util.function.Consumer<RequestRecord> l = listener;
        if (l != null) {
            l.accept(record);
        }
        outputTokens.addAndGet(record.tokens().output());
        if (record.phase() != Phase.MEASURED) {
            return; // the warm-up is not measured: the live view shows what the summary will
        }
        if (record.outcome().error() != null) {
            errors.incrementAndGet(record.outcome().error().ordinal());
            return;
        }
        micros(ttftMicros, record.ttftNanos());
        micros(e2eMicros, record.e2eNanos());
        micros(lagMicros, record.clientLagNanos());
        double tpot = record.tpotNanos();
        if (!Double.isNaN(tpot)) { // a buffered answer has none: left out, never 0
            micros(tpotMicros, Math.round(tpot));
        }
    }

    private static void micros(Recorder recorder, long nanos) {
        if (nanos >= 0) {
            recorder.recordValue(Math.max(1, nanos / 1_000));
        }
    }

    /**
     * Tells {@code listener} of every final record from now on, on the record writer's thread (never an event loop),
     * warm-up included; set it before the load starts to see them all.
     */
    public void onRecord(java.util.function.Consumer<RequestRecord> listener) {
        this.listener = listener;
    }

    public long started() {
        return started.get();
    }

    public long completed() {
        return completed.get();
    }

    public long failed() {
        return failed.get();
    }

    public long finished() {
        return completed.get() + failed.get();
    }

    /** Requests recorded as {@code not_sent}: the client's bounds were full as they arrived. */
    public long notSent() {
        return notSent.get();
    }

    public long outputTokens() {
        return outputTokens.get();
    }

    /**
     * The measured requests' figures so far (the display's thread calls it; one caller at a time).
     *
     * @return p50 and p99 of TTFT, TPOT and E2E in ms (NaN before any), the client's lag p99, errors by class
     */
    public synchronized Live live() {
        totals.add(ttftMicros, tpotMicros, e2eMicros, lagMicros);
        Map<ErrorClass, Long> byClass = new EnumMap<>(ErrorClass.class);
        for (ErrorClass c : ErrorClass.values()) {
            long n = errors.get(c.ordinal());
            if (n > 0) {
                byClass.put(c, n);
            }
        }
        return new Live(ms(totals.ttft, 50), ms(totals.ttft, 99), ms(totals.tpot, 50), ms(totals.tpot, 99),
                ms(totals.e2e, 50), ms(totals.e2e, 99), ms(totals.lag, 99), byClass);
    }

    private static double ms(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(percentile) / 1_000.0;
    }

    /**
     * What the live view shows of latency so far: measured requests only, HdrHistogram's percentiles at 2 significant
     * digits (the summary's figures are the ones to quote).
     */
    public record Live(double ttftP50Ms, double ttftP99Ms, double tpotP50Ms, double tpotP99Ms, double e2eP50Ms,
            double e2eP99Ms, double clientLagP99Ms, Map<ErrorClass, Long> errors) {
        public Live {
            errors = Map.copyOf(errors);
        }
    }

    /** The running totals the display folds each interval into. */
    private static final class Totals {
        final Histogram ttft = new Histogram(DIGITS);
        final Histogram tpot = new Histogram(DIGITS);
        final Histogram e2e = new Histogram(DIGITS);
        final Histogram lag = new Histogram(DIGITS);

        Totals() {
            for (Histogram h : new Histogram[] {ttft, tpot, e2e, lag}) {
                h.setAutoResize(true);
            }
        }

        void add(Recorder ttftR, Recorder tpotR, Recorder e2eR, Recorder lagR) {
            ttft.add(ttftR.getIntervalHistogram());
            tpot.add(tpotR.getIntervalHistogram());
            e2e.add(e2eR.getIntervalHistogram());
            lag.add(lagR.getIntervalHistogram());
        }
    }
}
