package dev.infergate.analysis.compare;

import dev.infergate.record.ErrorClass;
import dev.infergate.record.Phase;
import dev.infergate.record.RequestRecord;
import dev.infergate.record.TokenSource;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Builds request records with chosen latencies, for comparison tests. */
final class Synthetic {
    static final long MS = 1_000_000L;

    private Synthetic() {}

    /**
     * A successful request scheduled at {@code startMs}, sent at once, first token after {@code ttftMs},
     * then {@code tokens} tokens one per event {@code itlMs} apart, done at the last token.
     */
    static RequestRecord ok(long id, double startMs, double ttftMs, int tokens, double itlMs) {
        long scheduled = Math.round(startMs * MS);
        long first = scheduled + Math.round(ttftMs * MS);
        long last = first + Math.round((tokens - 1) * itlMs * MS);
        return new RequestRecord(id, 0, Phase.MEASURED, null, null, -1, scheduled, scheduled, scheduled, first, last,
                last, 200, null, null, -1, 100, tokens, TokenSource.USAGE, 0, tokens, Math.round(itlMs * MS), null, null);
    }

    /** As {@link #ok}, as turn {@code turn} of agent session {@code session}. */
    static RequestRecord turn(long id, String session, int turn, double startMs, double ttftMs, int tokens, double itlMs) {
        RequestRecord r = ok(id, startMs, ttftMs, tokens, itlMs);
        return new RequestRecord(id, 0, Phase.MEASURED, null, session, turn, r.scheduledNanos(), r.sentNanos(),
                r.headersNanos(), r.firstTokenNanos(), r.lastTokenNanos(), r.doneNanos(), 200, null, null, -1, 100, tokens,
                TokenSource.USAGE, 0, tokens, Math.round(itlMs * MS), null, null);
    }

    /**
     * {@code n} agent sessions of {@code turns} turns, all starting at 0, each turn scheduled 50 ms after the
     * previous one's end, with log-normal TTFT of median {@code medianMs} scaled by {@code scale}.
     */
    static RepeatSample sessions(SplittableRandom random, int n, int turns, double medianMs, double scale) {
        List<RequestRecord> records = new ArrayList<>();
        long id = 0;
        for (int s = 0; s < n; s++) {
            double at = 0;
            for (int t = 0; t < turns; t++) {
                double ttft = medianMs * scale * Math.exp(0.3 * gaussian(random));
                RequestRecord r = turn(id++, Integer.toString(s), t, at, ttft, 10, 10 * scale);
                records.add(r);
                at = r.doneNanos() / (double) MS + 50;
            }
        }
        return RepeatSample.of(records, null, turns);
    }

    static RequestRecord failed(long id, double startMs, ErrorClass error) {
        long scheduled = Math.round(startMs * MS);
        return new RequestRecord(id, 0, Phase.MEASURED, null, null, -1, scheduled, scheduled, RequestRecord.ABSENT,
                RequestRecord.ABSENT, RequestRecord.ABSENT, scheduled + MS, 500, error, "x", -1, -1, 0,
                TokenSource.NONE, -1, 0, RequestRecord.ABSENT, null, null);
    }

    /** {@code n} requests 100 ms apart with log-normal TTFT of median {@code medianMs}, scaled by {@code scale}. */
    static RepeatSample lognormal(SplittableRandom random, int n, double medianMs, double sigma, double scale,
            double failureShare) {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (random.nextDouble() < failureShare) {
                records.add(failed(i, i * 100.0, ErrorClass.HTTP_5XX));
                continue;
            }
            double ttft = medianMs * scale * Math.exp(sigma * gaussian(random));
            records.add(ok(i, i * 100.0, ttft, 10, 10 * scale));
        }
        return RepeatSample.of(records, null);
    }

    static double gaussian(SplittableRandom random) {
        double u1 = 1 - random.nextDouble();
        double u2 = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }
}
